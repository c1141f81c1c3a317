import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createPostgresDb, type Db } from '@memctx/db';
import { sessionStream } from '@memctx/domain';
import { createPostgresEventStore, migrateEventStore, type AppendManyItem } from '@memctx/event-store';
import { projectionStatus } from '@memctx/projections';
import { allProjections } from '@memctx/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAndWait, snapshotReadModels, until } from '../e2e/processes.js';
import { createOwnCluster, type OwnCluster } from './postgres-cluster.js';
import { freePort, startRole, type RoleProcess } from './roles.js';

// PostgreSQL stopped for 5 s in the middle of `memctx projections rebuild all`, a live projector beside it, on a
// cluster of the test's own: the rebuild resumes or fails cleanly (a message, not a stack trace), no projection
// is switched over half-built, no half-built generation is left behind, and the read models equal the live
// projector's before, after a rerun if needed.
const ROOT = resolve(import.meta.dirname, '../..');
const SESSIONS = 120;
const ROUNDS_PER_SESSION = 100;
const STOP_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `memctx projections rebuild all` from source; `onLine` hears each line it prints as it prints it. */
function rebuildAll(databaseUrl: string, onLine: (line: string) => void = () => undefined): Promise<CliRun> {
  const child = spawn(process.execPath, ['--conditions=@memctx/source', '--import', 'tsx', 'apps/cli/src/main.ts', 'projections', 'rebuild', 'all'], {
    cwd: ROOT, env: { ...process.env, MEMCTX_DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: CliRun = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) onLine(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ ...run, code })));
}

/** Per projection: its generations by status. */
async function generations(db: Db): Promise<Record<string, Record<string, number>>> {
  const { rows } = await db.query<{ name: string; status: string; n: number }>('SELECT name, status, count(*)::int AS n FROM projection_generations GROUP BY 1, 2 ORDER BY 1, 2');
  const out: Record<string, Record<string, number>> = {};
  for (const row of rows) (out[row.name] ??= {})[row.status] = row.n;
  return out;
}

describe('PostgreSQL stopped during a projection rebuild', () => {
  let cluster: OwnCluster;
  let db: Db;
  let projector: RoleProcess;

  beforeAll(async () => {
    cluster = await createOwnCluster(`memctx_faults_rebuild_${process.pid}`, await freePort());
    db = createPostgresDb({ connectionString: cluster.url, maxConnections: 2 });
    await migrateEventStore(db);
    // Rounds appended straight to the store, enough that each projection's rebuild takes a moment.
    const store = createPostgresEventStore(db);
    const at = new Date().toISOString();
    for (let session = 0; session < SESSIONS; session += 10) {
      const items: AppendManyItem[] = Array.from({ length: 10 }, (_, i) => {
        const [user_id, session_id] = [`user-${(session + i) % 12}`, `s${session + i}`];
        return {
          streamId: sessionStream(user_id, session_id),
          events: Array.from({ length: ROUNDS_PER_SESSION }, (_, n) => ({
            event_id: randomUUID(), type: 'RoundIngested',
            data: {
              user_id, session_id, project_id: null, round_id: randomUUID(), user_message: `round ${n} of ${session_id}: the oven needs descaling`,
              assistant_message: 'noted', client_timestamp: null, response_time_ms: n, ingested_at: at,
            },
          })),
        };
      });
      await store.appendMany(items);
    }
    projector = await startRole('projector', { MEMCTX_DATABASE_URL: cluster.url });
    await until(async () => (await projectionStatus(db, store, allProjections)).every((p) => p.lagEvents === 0), 180_000, 'the live projector to catch up');
  }, 300_000);

  afterAll(async () => {
    if (projector) await killAndWait(projector.child, 'SIGKILL');
    await db?.close();
    cluster?.drop();
  });

  it('resumes or fails cleanly, never switches over half-built, and a rerun gives the same read models', async () => {
    const live = await snapshotReadModels(db);
    let stopped: Promise<void> | undefined;
    let back: number | undefined;
    let nextDoneAfterBack: number | undefined;
    // Once the first projection is rebuilt, the database goes away under the next one.
    const faulted = await rebuildAll(cluster.url, () => {
      if (back !== undefined) nextDoneAfterBack ??= (performance.now() - back) / 1000;
      stopped ??= (async () => {
        await cluster.stop('fast');
        await sleep(STOP_MS);
        await cluster.start();
        back = performance.now();
      })();
    });
    await stopped;
    const afterFault = await generations(db);
    const halfBuilt = Object.entries(afterFault).filter(([, statuses]) => (statuses.active ?? 0) !== 1).map(([name]) => name);
    const afterFaultModels = await snapshotReadModels(db);
    const rerun = faulted.code === 0 ? undefined : await rebuildAll(cluster.url);
    const final = await snapshotReadModels(db);
    const summary = {
      events: SESSIONS * ROUNDS_PER_SESSION,
      faulted_run: { exit_code: faulted.code, stdout: faulted.stdout.trim().split('\n'), stderr: faulted.stderr.trim().split('\n').slice(0, 3) },
      next_projection_rebuilt_seconds_after_database_back: nextDoneAfterBack === undefined ? null : Number(nextDoneAfterBack.toFixed(2)),
      generations_after_fault: afterFault,
      read_models_after_fault_differ: Object.keys(live).filter((table) => JSON.stringify(afterFaultModels[table]) !== JSON.stringify(live[table]))
        .map((table) => ({ table, live_rows: live[table]!.length, rows: afterFaultModels[table]!.length, first: afterFaultModels[table]!.find((row, i) => JSON.stringify(row) !== JSON.stringify(live[table]![i])), was: live[table]!.find((row, i) => JSON.stringify(row) !== JSON.stringify(afterFaultModels[table]![i])) })),
      rerun: rerun && { exit_code: rerun.code, stderr: rerun.stderr.trim() },
      generations_final: await generations(db),
      projector_exit: projector.exit() ?? null,
    };
    process.stdout.write(`rebuild fault: ${JSON.stringify(summary, null, 2)}\n`);

    // Every projection has one active generation, and whatever the fault left being served is complete.
    expect(halfBuilt).toEqual([]);
    expect(afterFaultModels).toEqual(live);
    // A failed rebuild says why in a line, not a stack trace, and running it again succeeds.
    if (faulted.code !== 0) {
      expect(faulted.stderr).toMatch(/^memctx: /);
      expect(faulted.stderr).not.toMatch(/\n\s+at /);
      expect(rerun?.code).toBe(0);
    }
    expect(final).toEqual(live);
    // The generation a failed attempt was filling is dropped, not left behind.
    expect(Object.entries(summary.generations_final).filter(([, statuses]) => statuses.building)).toEqual([]);
    expect(projector.exit()).toBeUndefined();
  }, 300_000);
});
