/**
 * Of a LoCoMo or memory benchmark dump's temporal questions (LoCoMo's category 2, the memory benchmark's
 * "temporal"), how many SIPs state the date asked for (`dateStated`), per split.
 *   node --conditions=@memctx/source --import tsx test/bench/sip-quality/dates-in-sip.ts <dump.jsonl>...
 */
import { readFileSync } from 'node:fs';
import { dateStated } from '../lib/dates-stated.js';
import { buildDataset } from '../memory/dataset.js';

const answers = new Map(buildDataset().flatMap((persona) => persona.questions.map((q) => [q.id, q.answer] as const)));
for (const file of process.argv.slice(2)) {
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    .filter((row) => row.category === 2 || row.category === 'temporal');
  for (const split of ['dev', 'heldout']) {
    const list = rows.filter((row) => (row.split === 'dev') === (split === 'dev'));
    const stated = list.filter((row) => dateStated(row.response.sip, row.answer ?? answers.get(row.id))).length;
    console.log(`${file} ${split}: the date asked for stated in the SIP for ${stated} of ${list.length} temporal questions`);
  }
}
