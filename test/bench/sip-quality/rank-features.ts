/**
 * The figures the build ranks by, per candidate, for studying a learned ranking offline: for each question of a
 * LoCoMo probe dump, every candidate of the build's own `rankForQuery` (run in process over the kept probe database)
 * with its retrieval and evidence figures, whether it is evidence and whether the SIP cited it. One JSON line per
 * question.
 *   MEMCTX_PROBE_DATABASE=probe_loc_u node --conditions=@memctx/source --import tsx \
 *     test/bench/sip-quality/rank-features.ts <dump.jsonl> > features.jsonl
 */
import { readFileSync } from 'node:fs';
import { rankForQuery } from '@memctx/sip';
import { locomoScopes, openKeptProbe } from './kept-probe.js';

const { state, db, embedder } = await openKeptProbe<{ projects: string[] }>('memctx_locomo_probe');
const rows = readFileSync(process.argv[2]!, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as {
  split: string; sample: string; category: number; question: string; answerable: boolean; evidence: string[];
  response: { citations: { record_id: string }[] };
});
const scopeOf = locomoScopes(state.projects, rows);
for (const row of rows) {
  const { lexical, vector, ranked } = await rankForQuery({ db, embedder }, { ...scopeOf(row.sample), query: row.question, sessionId: null });
  const lexRank = new Map(lexical.matches.map((m, i) => [m.record_id, i + 1]));
  const vecRank = new Map(vector.map((v, i) => [v.record_id, i + 1]));
  const cited = new Set(row.response.citations.map((c) => c.record_id));
  const evidence = new Set(row.evidence);
  console.log(JSON.stringify({
    split: row.split, category: row.category, question: row.question, answerable: row.answerable, evidence: row.evidence,
    candidates: ranked.map(({ candidate: c, evidence: e, score, nearest }, i) => ({
      rank: i + 1, score, fused: c.fused, coverage: e.coverage, selective: e.selectiveCoverage ?? 0, named: e.named?.coverage ?? null,
      similarity: e.similarity, user_sim: c.user_similarity, reply_sim: c.reply_similarity, query_sim: c.query_similarity ?? null,
      contrast: c.contrast_similarity ?? null, text_score: c.text_score, lex: lexRank.get(c.record_id) ?? null, vec: vecRank.get(c.record_id) ?? null,
      nearest: nearest === true, tokens: Math.ceil((c.content || `${c.user_text ?? ''} ${c.assistant_text ?? ''}`).length / 4),
      evidence: evidence.has(c.record_id), cited: cited.has(c.record_id),
    })),
  }));
}
await db.close();
process.exit(0);
