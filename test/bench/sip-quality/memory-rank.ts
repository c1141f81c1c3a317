/**
 * Where one record stands in the ranking of a question asked of the memory benchmark's kept probe: the query's
 * weighted terms, how many records each half of retrieval found, the first 30 of the final ranking (score, coverage,
 * similarity, fused score, whether lifted as one of the nearest by meaning) and the ranks of the record whose user turn
 * holds `needle`, by vector and in the end. Run in process (the build's own `rankForQuery`) over the kept database of
 * `MEMCTX_PROBE_DATABASE=<db> … test/bench/memory/probe.ts post`.
 *   node --conditions=@memctx/source --import tsx test/bench/sip-quality/memory-rank.ts <persona> "<question>" "<needle>"
 * Env: MEMCTX_PROBE_DATABASE (default memctx_memory_probe). test/bench/sip-quality/where-missed.ts does this for LoCoMo.
 */
import { rankForQuery } from '@memctx/sip';
import { openKeptProbe } from './kept-probe.js';

const [persona, question, needle] = process.argv.slice(2);
if (!persona || !question || !needle) throw new Error('memory-rank.ts <persona> "<question>" "<needle>"');
const { name, state, db, embedder } = await openKeptProbe<{ personas: { persona: string; projectId: string }[] }>('memctx_memory_probe');
const projectId = state.personas.find((p) => p.persona === persona)?.projectId;
if (!projectId) throw new Error(`no persona ${persona} in /tmp/${name}.json`);
const { terms, lexical, vector, retrieval, ranked } = await rankForQuery({ db, embedder }, { userId: `memory-${persona}`, projectId, includeGlobal: false, query: question, sessionId: null });
const holds = (text: string | null) => (text ?? '').includes(needle);
console.log('terms', terms.map((t) => `${t.lexeme}:${t.weight.toFixed(2)}${t.selective ? '*' : ''}`).join(' '));
console.log('lexical', lexical.matches.length, 'vector', vector.length, 'candidates', retrieval.candidates.length);
console.log('needle by vector', vector.findIndex((hit) => holds(retrieval.candidates.find((c) => c.record_id === hit.record_id)?.user_text ?? null)));
ranked.slice(0, 30).forEach((s, i) => console.log(i, s.score.toFixed(4), 'coverage', s.evidence.coverage.toFixed(2), 'similarity', s.evidence.similarity?.toFixed(3) ?? '-',
  'fused', s.candidate.fused.toFixed(4), s.nearest ? 'nearest' : '', (s.candidate.user_text ?? '').slice(0, 60)));
console.log('needle ranked at', ranked.findIndex((s) => holds(s.candidate.user_text)));
process.exit(0);
