/**
 * Would sentences as retrieval units find a fact said in passing? For every answerable question of the memory
 * benchmark, the rank of each evidence round among its persona's rounds by the query's similarity to the round's user
 * side and reply (as stored), to each sentence of its user side (sentences under six words merged into the next), and
 * the better of the two; printed per split as the share within the top 5, 10, 20 and 40.
 *   node --conditions=@memctx/source --import tsx test/bench/sip-quality/sentence-units.ts
 * SHOW=<question id,...> also prints those questions' ranks. Offline: the model in process, no service.
 */
import { createTransformersEmbedder } from '@memctx/embeddings';
import { resolve } from 'node:path';
import { buildDataset } from '../memory/dataset.js';

const embedder = await createTransformersEmbedder({ modelsDir: resolve(import.meta.dirname, '../../../models') });
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => { let s = 0; for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!; return s; };
/** A user turn's sentences, each short one merged into the next so a unit says something on its own. */
function sentences(text: string): string[] {
  const raw = text.split(/(?<=[.!?…])\s+|\n+/u).map((s) => s.trim()).filter(Boolean);
  const out: string[] = [];
  let carry = '';
  for (const s of raw) {
    const joined = carry ? `${carry} ${s}` : s;
    if (joined.split(/\s+/).length < 6) carry = joined; else { out.push(joined); carry = ''; }
  }
  if (carry && out.length > 0) out[out.length - 1] += ` ${carry}`;
  else if (carry) out.push(carry);
  return out;
}
const ks = [5, 10, 20, 40];
const stats: Record<string, Record<string, number[]>> = {};
const add = (split: string, method: string, rank: number) => ((stats[split] ??= {})[method] ??= []).push(rank);
let units = 0, roundsN = 0;
for (const data of buildDataset()) {
  const rounds = data.rounds;
  const userV = await embedder.embedDocuments(rounds.map((r) => r.user));
  const replyV = await embedder.embedDocuments(rounds.map((r) => r.assistant));
  const sents = rounds.map((r) => sentences(r.user));
  const flat = sents.flat();
  units += flat.length; roundsN += rounds.length;
  const sentV = await embedder.embedDocuments(flat);
  const owner: number[] = sents.flatMap((s, i) => s.map(() => i));
  for (const q of data.questions) {
    if (q.evidence.length === 0) continue;
    const qv = await embedder.embedQuery(q.question);
    const whole = rounds.map((_, i) => Math.max(dot(qv, userV[i]!), dot(qv, replyV[i]!)));
    const bySent = rounds.map(() => -1);
    sentV.forEach((v, j) => { bySent[owner[j]!] = Math.max(bySent[owner[j]!]!, dot(qv, v)); });
    const userOnly = rounds.map((_, i) => dot(qv, userV[i]!));
    const combined = rounds.map((_, i) => Math.max(whole[i]!, bySent[i]!));
    const methods: Record<string, number[]> = { whole, userOnly, sentences: bySent, combined };
    for (const ev of q.evidence) {
      const idx = rounds.findIndex((r) => r.id === ev);
      for (const [m, scores] of Object.entries(methods)) {
        const rank = scores.filter((s) => s > scores[idx]!).length + 1;
        add(q.split, m, rank); add('all', m, rank);
      }
      if (process.env.SHOW?.split(',').includes(q.id)) console.log(q.id, Object.entries(methods).map(([m, sc]) => `${m} ${sc.filter((s) => s > sc[idx]!).length + 1}`).join(' '));
    }
  }
}
console.log(`units: ${units} user sentences for ${roundsN} rounds (${(units / roundsN).toFixed(2)} per round)`);
for (const [split, byMethod] of Object.entries(stats)) {
  console.log(split);
  for (const [m, ranks] of Object.entries(byMethod)) console.log(`  ${m.padEnd(10)} n=${ranks.length} ` + ks.map((k) => `@${k} ${(100 * ranks.filter((r) => r <= k).length / ranks.length).toFixed(1)}%`).join('  ') + `  median rank ${ranks.sort((a, b) => a - b)[Math.floor(ranks.length / 2)]}`);
}
await embedder.close();
