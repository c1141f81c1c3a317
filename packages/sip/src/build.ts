import type { Db } from '@memctx/db';
import { settingDefault, timeStage, type StageTimer } from '@memctx/shared';
import { neighbours, readFused, searchEveryTime, searchWindow, type Candidate, type KeptRetrieval, type LexicalHits, type Retrieval, type RetrievalScope, type TimeWindow, type VectorHit } from '@memctx/read-models';
import { composeSip, type ComposedSip } from './compose.js';
import { answerHint } from './answer-hint.js';
import { DEFAULT_EVIDENCE_POLICY, judgeEvidence, type EvidencePolicy, type Judgement } from './evidence.js';
import { assess, speakerTerms, stemsOf, weighTerms, type WeightedTerm } from './match.js';
import { inferSpeakers, labelOf } from './speaker.js';
import { NEIGHBOUR_ANCHORS, rankCandidates, withNearestLifted, withNeighbours, type Scored } from './rank.js';
import { datedQuery, toldOf } from './query-time.js';
import { smallTalkVector } from './small-talk.js';

export interface QueryEmbedder {
  embedQuery(text: string): Promise<ArrayLike<number>>;
}

export interface SipRequest extends RetrievalScope {
  query: string | null;
  sessionId: string | null;
}

export interface SipSettings {
  budgetTokens: number;
  /** Nearest records read per embedded side before fusion. */
  vectorDepth: number;
  maxRecordTokens: number;
  policy: EvidencePolicy;
}

export const DEFAULT_SIP_SETTINGS: SipSettings = { budgetTokens: settingDefault('sipTokenBudget'), vectorDepth: settingDefault('sipVectorDepth'), maxRecordTokens: 160, policy: DEFAULT_EVIDENCE_POLICY };

export interface BuiltSip extends ComposedSip, Judgement {
  tokens_baseline: number;
  /** The sessions of the cited rounds, sorted: purging any of them erases this SIP's text. */
  cited_session_ids: string[];
}

export interface SipBuildDeps {
  db: Db;
  embedder?: QueryEmbedder;
  settings?: SipSettings;
  /** Retrieval's halves kept per scope state (keepRetrieval); searched every time when absent. */
  retrieval?: KeptRetrieval;
  /** Told how long each step took (embed, lexical, vector, window, retrieve, rank, neighbours, compose), for the API's stage histogram. */
  onStage?: StageTimer;
  /** What "yesterday" or "last week" in a query count from (default: the clock). */
  now?: () => Date;
}

/** What a build ranks before it composes: the halves of retrieval, their fusion, the query's terms and the final order. */
export interface RankedRetrieval {
  /** The query whose words the records must state; null without one, and for a recap (below). */
  query: string | null;
  /** The query asked only what was said at a time: its records are the answer, ranked as recent memory. */
  recap?: boolean;
  lexical: LexicalHits;
  vector: readonly VectorHit[];
  retrieval: Retrieval;
  terms: WeightedTerm[];
  ranked: Scored<Candidate>[];
}

/**
 * The first half of a build: embed the query (when an embedder is configured; full text alone otherwise), retrieve
 * and fuse candidates, rank them by how much of the query one of their turns states, add the session neighbours of
 * the best and lift the nearest by meaning. Exported for diagnosis (test/bench/sip-quality/where-missed.ts).
 */
export async function rankForQuery(deps: SipBuildDeps, request: SipRequest): Promise<RankedRetrieval> {
  const settings = deps.settings ?? DEFAULT_SIP_SETTINGS;
  const query = request.query?.trim() ? request.query.trim() : null;
  // A query that names when its answer was said ("on 9 November") finds the records of that time as a list of its own.
  const dated = query ? datedQuery(query, (deps.now ?? (() => new Date()))()) : null;
  if (dated?.recap) return recapOf(deps, request, dated.window, settings.vectorDepth);
  const { embedder, onStage } = deps;
  // The words are searched while the query is embedded, and the nearest records as soon as it is: the two halves
  // run side by side on two connections, and only their fusion waits for both.
  const embedding = query && embedder ? timeStage(onStage, 'embed', () => embedder.embedQuery(query)) : Promise.resolve(null);
  const halves = (deps.retrieval ?? searchEveryTime).forBuild(deps.db, request, query);
  const [lexical, queryEmbedding, vector, inWindow, smallTalk] = await Promise.all([
    timeStage(onStage, 'lexical', () => halves.lexical()),
    embedding,
    embedding.then((vector) => (vector ? timeStage(onStage, 'vector', () => halves.vector(vector, settings.vectorDepth)) : [])),
    dated ? embedding.then((vector) => timeStage(onStage, 'window', () => searchWindow(deps.db, request, dated.window, vector, settings.vectorDepth))) : undefined,
    // Each candidate's closeness to small talk is read with it, so the composer can leave out chatter found by meaning.
    query && embedder ? smallTalkVector(embedder).catch(() => null) : null,
  ]);
  const fused = await timeStage(onStage, 'retrieve', () => readFused(deps.db, request, lexical, vector, { hasQuery: query !== null, contrast: smallTalk, query: queryEmbedding, dated: inWindow }));
  const found = [...lexical.matches.map((match) => match.record_id), ...lexical.recent, ...vector.map((hit) => hit.record_id)];
  const retrieval = dated ? { ...fused, candidates: toldOf(fused.candidates, dated.window, found) } : fused;
  // The words naming the time are no part of what a record must state ("November" is said by none).
  const timeWords = new Set(dated ? stemsOf(dated.phrase) : []);
  const terms = weighTerms(retrieval.terms.filter((term) => !timeWords.has(term.lexeme)), query);
  // Who says an unlabelled turn is worth reading only for a query that names someone.
  const speakerOfTurn = terms.some((term) => term.name) ? inferSpeakers(retrieval.candidates) : labelOf;
  const speakers = speakerTerms(retrieval.candidates, terms, speakerOfTurn);
  const judge = (candidate: Candidate) => assess(candidate, terms, speakers, speakerOfTurn);
  const retrieved = await timeStage(onStage, 'rank', () => rankCandidates(retrieval.candidates, judge));
  // Without a query the SIP is recent memory, where the order of rounds is already time.
  const anchors = retrieved.slice(0, NEIGHBOUR_ANCHORS).map((s) => s.candidate.record_id);
  const adjacent = query ? await timeStage(onStage, 'neighbours', () => neighbours(deps.db, request, anchors, queryEmbedding, smallTalk)) : new Map<string, Candidate[]>();
  const ranked = withNearestLifted(withNeighbours(retrieved, (anchor) => adjacent.get(anchor.record_id) ?? [], judge));
  return { query, lexical, vector, retrieval, terms, ranked };
}

/**
 * "What did we talk about yesterday?": no word of the query is one a record must state, so the records of that time,
 * newest first (the time named before what was told of it later), are ranked as recent memory is without a query.
 * Of the records said after it, only those that tell of it stay (`toldOf`): the rest of the week would otherwise come
 * first in a SIP ordered newest first, and push the day asked about out of its budget.
 */
async function recapOf(deps: SipBuildDeps, request: SipRequest, window: TimeWindow, depth: number): Promise<RankedRetrieval> {
  const { onStage } = deps;
  const halves = (deps.retrieval ?? searchEveryTime).forBuild(deps.db, request, null);
  const [lexical, inWindow] = await Promise.all([
    timeStage(onStage, 'lexical', () => halves.lexical()),
    timeStage(onStage, 'window', () => searchWindow(deps.db, request, window, null, depth)),
  ]);
  const retrieval = await timeStage(onStage, 'retrieve', () => readFused(deps.db, request, { ...lexical, matches: [], recent: [] }, [], { hasQuery: false, dated: inWindow }));
  return { query: null, recap: true, lexical, vector: [], retrieval, terms: [], ranked: rankCandidates(toldOf(retrieval.candidates, window, [])) };
}

/**
 * One SIP build: the ranked candidates (`rankForQuery`), the parts that bear on the query packed within the budget,
 * and the no-memory baseline of the same scope.
 * Recording the build (SipBuilt) is the caller's, so it can use its write path.
 */
export async function buildSip(deps: SipBuildDeps, request: SipRequest): Promise<BuiltSip> {
  const settings = deps.settings ?? DEFAULT_SIP_SETTINGS;
  const { query, recap = false, lexical, terms, ranked } = await rankForQuery(deps, request);
  const { onStage } = deps;
  const judgement = judgeEvidence(ranked, terms, query !== null, settings.policy);
  const composed = await timeStage(onStage, 'compose', () => composeSip(ranked, {
    budgetTokens: settings.budgetTokens,
    maxRecordTokens: settings.maxRecordTokens,
    hasQuery: query !== null,
    terms,
    answers: answerHint(query),
    abstain: (query !== null || recap) && judgement.abstain,
    recap,
  }));
  // The cited records were read with their sessions: no second look-up of the same rows.
  const sessionOfRecord = new Map(ranked.map((scored) => [scored.candidate.record_id, scored.candidate.session_id]));
  const cited = new Set(composed.record_ids.map((id) => sessionOfRecord.get(id)).filter((session) => typeof session === 'string'));
  // Memory that holds nothing to cite grounds nothing, whatever the model said of the query.
  const grounded = judgement.grounded && composed.records_used > 0;
  return { ...composed, ...judgement, grounded, abstain: !grounded, tokens_baseline: lexical.scopeTokens, cited_session_ids: [...cited].sort() };
}
