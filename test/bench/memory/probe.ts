/**
 * Diagnosis for SIP work on the memory benchmark: post its personas once into a kept PostgreSQL database (and wait
 * until every round is embedded), then ask their questions again and again against the compiled service as the
 * code changes, without posting anew each time.
 *   pnpm build && node --conditions=@memctx/source --import tsx test/bench/memory/probe.ts post
 *   pnpm build && node --conditions=@memctx/source --import tsx test/bench/memory/probe.ts ask
 * Env: MEMCTX_PROBE_DATABASE (default memctx_memory_probe), MEMCTX_PROBE_PORT, MEMCTX_BENCH_MISSES=N,
 *      MEMCTX_MEMORY_BEFORE (as-of.ts; the same share when posting and asking), MEMCTX_BENCH_DUMP=<file>, and any
 *      MEMCTX_* setting. Reports the dev and held-out splits apart.
 * `pnpm bench:memory` is the measurement; this only shortens the loop between changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { client } from '../locomo/client.js';
import { ADMIN, waitForEmbeddings } from '../lib/memory-bench.js';
import { startOnKeptDatabase } from '../lib/kept-database.js';
import { askConversation, post } from './ask.js';
import { asOf, shareFromEnv } from './as-of.js';
import { buildDataset } from './dataset.js';
import { printMisses, reportConversations, type Outcome } from './report.js';

interface State {
  personas: { persona: string; key: string; projectId: string; roundIds: Record<string, string> }[];
}

const name = process.env.MEMCTX_PROBE_DATABASE ?? 'memctx_memory_probe';
const stateFile = `/tmp/${name}.json`;
const mode = process.argv[2];
if (mode !== 'post' && mode !== 'ask') throw new Error('probe.ts post | ask');

const dataset = buildDataset().map((data) => asOf(data, shareFromEnv()));
const service = await startOnKeptDatabase(name, { fresh: mode === 'post', adminToken: ADMIN, port: process.env.MEMCTX_PROBE_PORT ?? '18878' });
try {
  if (mode === 'post') {
    const state: State = { personas: [] };
    for (const data of dataset) {
      const created = await fetch(`${service.url}/admin/v1/api-keys`, {
        method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: `memory-${data.persona}` }),
      });
      const key = ((await created.json()) as { api_key: string }).api_key;
      const posted = await post(client(service.url!, key), data);
      state.personas.push({ persona: data.persona, key, projectId: posted.projectId, roundIds: Object.fromEntries(posted.roundIds) });
      console.log(`posted ${data.persona}`);
    }
    writeFileSync(stateFile, JSON.stringify(state));
    console.log(`embedded ${(await waitForEmbeddings(service.url!)).toFixed(0)} s later`);
  } else {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
    const outcomes: Outcome[] = [];
    for (const data of dataset) {
      const kept = state.personas.find((p) => p.persona === data.persona);
      if (!kept) throw new Error(`${data.persona} was not posted: run probe.ts post`);
      const posted = { data, call: client(service.url!, kept.key), projectId: kept.projectId, roundIds: new Map(Object.entries(kept.roundIds)) };
      for (const q of data.questions) outcomes.push(await askConversation(posted, q));
    }
    reportConversations('asked over the kept database', outcomes);
    printMisses(outcomes, Number(process.env.MEMCTX_BENCH_MISSES ?? 0));
  }
} finally {
  await service.stop();
}
