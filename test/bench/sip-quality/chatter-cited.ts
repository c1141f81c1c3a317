/**
 * Which greetings and small talk the memory benchmark's SIPs cite, and where: for each cited chatter round, whether
 * the SIP abstained, the line's number, how many lines the SIP has, and the round's text. Reads a dump of
 * `MEMCTX_PROBE_DATABASE=<db> MEMCTX_BENCH_DUMP=<file> … test/bench/memory/probe.ts ask` and the probe's state file.
 *   node --conditions=@memctx/source --import tsx test/bench/sip-quality/chatter-cited.ts <dump> /tmp/<db>.json
 */
import { readFileSync } from 'node:fs';
import { buildDataset } from '../memory/dataset.js';

const [dumpFile, stateFile] = process.argv.slice(2);
if (!dumpFile || !stateFile) throw new Error('chatter-cited.ts <dump> <probe state file>');
const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { personas: { persona: string; roundIds: Record<string, string> }[] };
const chatter = new Map<string, { persona: string; topic: string; text: string }>();
for (const data of buildDataset()) {
  const ids = state.personas.find((p) => p.persona === data.persona)?.roundIds ?? {};
  for (const round of data.rounds) {
    if ((round.topic === 'greeting' || round.topic === 'smallTalk') && ids[round.id]) chatter.set(ids[round.id]!, { persona: data.persona, topic: round.topic, text: `${round.user} → ${round.assistant}` });
  }
}
interface Dumped { id: string; abstain: boolean; answerable: boolean; response: { citations: { record_id: string }[] } }
const rows = readFileSync(dumpFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Dumped);
const byKind = { abstaining: 0, answering: 0 };
const positions: number[] = [];
for (const row of rows) {
  const citations = row.response.citations;
  citations.forEach((citation, i) => {
    const round = chatter.get(citation.record_id);
    if (!round) return;
    byKind[row.abstain ? 'abstaining' : 'answering'] += 1;
    positions.push((i + 1) / citations.length);
    console.log(`${row.id}\t${row.abstain ? 'abstain' : 'answer'}\t[${i + 1}/${citations.length}]\t${round.topic}\t${round.text.slice(0, 110)}`);
  });
}
const late = positions.filter((p) => p > 0.5).length;
console.log(`\nchatter lines cited: ${positions.length} (in abstaining SIPs ${byKind.abstaining}, answering ${byKind.answering}); in the second half of their SIP: ${late}`);
