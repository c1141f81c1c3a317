/**
 * Where a missed question's evidence fell: for each question of a LoCoMo probe dump whose evidence was not all
 * cited, the rank of each missing evidence round in the full-text matches, the nearest records, the fused candidates
 * and the final ranking (the build's own `rankForQuery`), run in process over the kept probe database.
 *   node --conditions=@memctx/source --import tsx test/bench/sip-quality/where-missed.ts <dump.jsonl>
 * Env: MEMCTX_PROBE_DATABASE (the probe's database, as for probe.ts).
 */
import { readFileSync } from 'node:fs';
import { rankForQuery } from '@memctx/sip';
import { locomoScopes, openKeptProbe } from './kept-probe.js';

const { state, db, embedder } = await openKeptProbe<{ projects: string[] }>('memctx_locomo_probe');
const rows = readFileSync(process.argv[2]!, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as {
  sample: string; category: number; question: string; evidence: string[]; recalled: boolean; response: { citations: { record_id: string }[] };
});
const scopeOf = locomoScopes(state.projects, rows);
const stages = { lexical: 0, vector: 0, fused: 0, ranked: 0 };
const where = new Map<string, number>();
const count = (key: string) => where.set(key, (where.get(key) ?? 0) + 1);
let missing = 0;
for (const row of rows.filter((r) => r.category !== 5 && !r.recalled)) {
  const scope = scopeOf(row.sample);
  const cited = new Set(row.response.citations.map((c) => c.record_id));
  const { lexical, vector, retrieval, ranked } = await rankForQuery({ db, embedder }, { ...scope, query: row.question, sessionId: null });
  const lastCited = Math.max(...ranked.map((s, i) => (cited.has(s.candidate.record_id) ? i : -1)));
  const parts: string[] = [];
  for (const id of row.evidence.filter((e) => !cited.has(e))) {
    missing++;
    const at = (list: readonly string[]) => { const i = list.indexOf(id); return i < 0 ? '-' : String(i + 1); };
    const lex = at(lexical.matches.map((m) => m.record_id));
    const vec = at(vector.map((v) => v.record_id));
    const fus = at(retrieval.candidates.map((c) => c.record_id));
    const rk = ranked.findIndex((s) => s.candidate.record_id === id);
    const scored = ranked[rk];
    if (lex !== '-') stages.lexical++;
    if (vec !== '-') stages.vector++;
    if (fus !== '-') stages.fused++;
    if (rk >= 0) stages.ranked++;
    count(rk < 0 ? 'not a candidate' : rk <= lastCited ? 'ranked among the cited, left out' : rk < 40 ? 'ranked below the last cited, <40' : 'ranked 40+');
    parts.push(`${id.slice(-6)} lex ${lex} vec ${vec} fused ${fus} rank ${rk < 0 ? '-' : rk + 1}${scored ? ` cov ${scored.evidence.coverage.toFixed(2)} sim ${scored.evidence.similarity?.toFixed(2) ?? '-'}` : ''}`);
  }
  console.log(`[cat ${row.category}] ${row.question} (last cited at ${lastCited + 1}/${ranked.length})\n    ${parts.join('\n    ')}`);
}
console.log(`\n${missing} missing evidence rounds: in lexical ${stages.lexical}, vector ${stages.vector}, fused ${stages.fused}, ranked ${stages.ranked}`);
console.log([...where].map(([k, v]) => `  ${k}: ${v}`).join('\n'));
await db.close();
process.exit(0);
