import type { Candidate } from '@memctx/read-models';
import { countTokens } from '@memctx/tokens';
import { describe, expect, it } from 'vitest';
import { composeSip, DEFAULT_EVIDENCE_POLICY, judgeEvidence, NEAREST_LIFTED, NEIGHBOUR_SHARE, rankCandidates, SIP_HEADER, withNearestLifted, withNeighbours, type Scored } from '../src/index.js';

let n = 0;
function candidate(overrides: Partial<Candidate> = {}): Candidate {
  n++;
  // A document chunk has no sides: its content is its one turn.
  const sides = overrides.provenance === 'DOCUMENT_VERIFIED' ? { user_text: null, assistant_text: null } : { user_text: `question ${n}`, assistant_text: `answer ${n}` };
  return {
    record_id: `r${n}`,
    summary: `summary ${n}`,
    content: `User: question ${n}\nAssistant: answer ${n}`,
    ...sides,
    provenance: 'ROUND',
    record_type: 'FACTUAL',
    source_id: null,
    source_title: null,
    session_id: null,
    created_at: new Date('2026-11-20T10:00:00Z'),
    similarity: 0.8,
    user_similarity: 0.8,
    reply_similarity: null,
    text_match: true,
    text_score: 1,
    fused: 1 / (60 + n),
    ...overrides,
  };
}

const options = { budgetTokens: 1500, maxRecordTokens: 160, hasQuery: true };
/** Candidates as ranked, best first (coverage 1: each states the whole query). */
const ranked = (candidates: Candidate[], coverage = 1): Scored<Candidate>[] => candidates.map((c) => ({ candidate: c, evidence: { coverage, similarity: c.similarity }, score: c.fused }));

describe('composeSip: what bears on the query', () => {
  /** Given a record that states the query (similarity 0.6) and one stating `coverage` of it (none by default) at `similarity`: is the second cited? */
  function citesTheOther(similarity: number | null, overrides: Partial<Candidate>, abstain = false, coverage = 0, selectiveCoverage = coverage): boolean {
    const answer = candidate({ similarity: 0.6, user_similarity: 0.6 });
    const other = candidate({ similarity, user_similarity: similarity, ...overrides });
    const sip = composeSip([
      { candidate: answer, evidence: { coverage: 1, similarity: 0.6 }, score: 1 },
      { candidate: other, evidence: { coverage, similarity, selectiveCoverage }, score: 0.9 },
    ], { ...options, abstain });
    return sip.citations.some((c) => c.record_id === other.record_id);
  }
  const saying = (userText: string): Partial<Candidate> => ({ user_text: userText, content: `User: ${userText}\nAssistant: a reply` });
  const states = saying('we finally moved into the new flat near the river');

  it('gives no line to a record far by meaning that holds no word of the query', () => {
    expect(citesTheOther(0.1, states)).toBe(false);
    expect(citesTheOther(0.3, states)).toBe(true);
  });

  it('asks a round whose user side says next to nothing to come nearly as close as the closest', () => {
    // At one similarity, a user turn that states something keeps its line and "ugh, mondays" does not.
    expect(citesTheOther(0.35, states)).toBe(true);
    expect(citesTheOther(0.35, saying('ugh, mondays'))).toBe(false);
    // Close by meaning, the short round is kept: its reply may say the answer in other words.
    expect(citesTheOther(0.5, saying('ugh, mondays'))).toBe(true);
    // But it is never one of the closest records an abstaining SIP shows.
    expect(citesTheOther(0.5, saying('ugh, mondays'), true)).toBe(false);
    expect(citesTheOther(0.5, states, true)).toBe(true);
  });

  it('gives no line to a record closer to small talk than to the query, unless its user side names something', () => {
    const mood = saying("it's snowing out and I feel weirdly productive");
    expect(citesTheOther(0.4, { ...mood, contrast_similarity: 0.45 })).toBe(true);
    expect(citesTheOther(0.4, { ...mood, contrast_similarity: 0.55 })).toBe(false);
    // A fact said with a mood names a place, a person or a number, and keeps its line.
    const shift = saying("Just off a twelve-hour in the ICU at Lakeside Memorial and I'm too wired to sleep");
    expect(citesTheOther(0.4, { ...shift, contrast_similarity: 0.55 })).toBe(true);
    // Read without the contrast (a neighbour, an external caller), nothing is judged chatter.
    expect(citesTheOther(0.4, { ...mood, contrast_similarity: null })).toBe(true);
  });

  it('judges chatter by meaning a record sharing a word or two with the query, unless it states half as much as the best', () => {
    const year = { ...saying("can't believe how fast this year is going"), contrast_similarity: 0.55 };
    expect(citesTheOther(0.4, year, false, 0.3)).toBe(false);
    expect(citesTheOther(0.4, year, false, 0.6)).toBe(true);
    // Found by its words alone (not among the nearest), it is judged by the similarity read with it.
    expect(citesTheOther(null, { ...year, embedded: true, query_similarity: 0.4 }, false, 0.3)).toBe(false);
    expect(citesTheOther(null, { ...year, embedded: true, query_similarity: 0.5 }, false, 0.3)).toBe(true);
    // Read without the query's vector, its similarity is unknown, not low: the words it holds keep it.
    expect(citesTheOther(null, { ...year, embedded: true }, false, 0.3)).toBe(true);
  });

  it("judges chatter by meaning a record stating only the query's common words, however much of the query they weigh", () => {
    const weather = { ...saying("it's stormy out and I feel weirdly cheerful"), contrast_similarity: 0.55 };
    // "like" of "How spicy do I like my food?": more than half of what the best states, none of its rare words.
    expect(citesTheOther(0.4, weather, false, 0.6, 0)).toBe(false);
    expect(citesTheOther(0.4, weather, false, 0.6, 0.4)).toBe(true);
    // Nearer the query than small talk, it keeps its line whatever words it holds.
    expect(citesTheOther(0.5, weather, false, 0.6, 0)).toBe(true);
  });

  it('keeps a line for the nearest few by meaning however weak their score; a weak record further away gets none', () => {
    const answer = candidate({ ...saying('1:1 with my manager Priscilla tomorrow'), similarity: 0.3 });
    const restated = candidate({ ...saying('reorg happened, Omar runs our team from this week'), similarity: 0.5 });
    const things = ['the kiln', 'my bike', 'our garden', 'the concert', 'a cortado', 'the ferry', 'my violin', 'our roof', 'the marathon', 'a kitten'];
    const given = (closer: number) => [
      { candidate: answer, evidence: { coverage: 1, similarity: 0.3 }, score: 1 },
      ...things.slice(0, closer).map((thing) => {
        const other = candidate({ ...saying(`something about ${thing} and more`), similarity: 0.6 });
        return { candidate: other, evidence: { coverage: 0.5, similarity: 0.6 }, score: 0.5 };
      }),
      // Under the weak share of the best score.
      { candidate: restated, evidence: { coverage: 0, similarity: 0.5 }, score: 0.01 },
    ];
    const cites = (closer: number) => composeSip(withNearestLifted(given(closer)), options).citations.some((c) => c.record_id === restated.record_id);
    expect(cites(0)).toBe(true);
    expect(cites(NEAREST_LIFTED - 1)).toBe(true);
    expect(cites(NEAREST_LIFTED)).toBe(false);
  });

  it('gives no line to an embedded record the vector search did not find, but keeps one not embedded yet', () => {
    expect(citesTheOther(null, { ...states, embedded: true })).toBe(false);
    expect(citesTheOther(null, { ...states, embedded: false })).toBe(true);
  });
});

describe('composeSip', () => {
  it('numbers citations from 1 in the order their [n] markers appear', () => {
    const given = [candidate({ provenance: 'DOCUMENT_VERIFIED', source_id: 's1', source_title: 'Handbook' }), candidate(), candidate({ provenance: 'USER_STATED' })];
    const sip = composeSip(ranked(given), options);
    expect(sip.citations.map((c) => c.index)).toEqual([1, 2, 3]);
    const markers = [...sip.sip.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(markers).toEqual([1, 2, 3]);
    // Identity renders first, so the USER_STATED record is [1].
    expect(sip.citations[0]!.provenance).toBe('USER_STATED');
    expect(sip.sip.startsWith(SIP_HEADER)).toBe(true);
    for (const citation of sip.citations) expect(sip.sip).toContain(`[${citation.index}]`);
  });

  it('carries source id and title on document citations only', () => {
    const sip = composeSip(ranked([candidate({ provenance: 'DOCUMENT_VERIFIED', source_id: 'src-9', source_title: 'Runbook' }), candidate()]), options);
    const doc = sip.citations.find((c) => c.provenance === 'DOCUMENT_VERIFIED')!;
    expect(doc).toMatchObject({ source_id: 'src-9', source_title: 'Runbook' });
    expect(sip.citations.find((c) => c.provenance === 'ROUND')).toMatchObject({ source_id: null, source_title: null });
    expect(sip.sip).toContain('document "Runbook"');
  });

  it('fills the five sections: inference marked inference_only, generated marked uncertain, calibration empty', () => {
    const sip = composeSip(
      ranked([candidate({ provenance: 'USER_CONFIRMED' }), candidate({ provenance: 'AI_INFERRED' }), candidate({ provenance: 'AI_GENERATED' }), candidate({ record_type: 'PREFERENCE' })]),
      options,
    );
    expect(Object.keys(sip.sections).sort()).toEqual(['active_context', 'calibration_notes', 'identity', 'preferences', 'uncertain_facts']);
    expect(sip.sections.identity).toHaveLength(1);
    expect(sip.sections.active_context[0]).toMatchObject({ provenance: 'AI_INFERRED', inference_only: true });
    expect(sip.sections.uncertain_facts[0]).toMatchObject({ provenance: 'AI_GENERATED', uncertain: true });
    expect(sip.sections.preferences).toHaveLength(1);
    expect(sip.sections.calibration_notes).toEqual({});
    expect(sip.sip).toMatch(/## Uncertain \(unconfirmed hypotheses; never state these as fact\)\n[\d-]+:\n\[\d\] unconfirmed:/);
  });

  it('stays within the token budget, keeping the best-ranked records', () => {
    const given = Array.from({ length: 40 }, (_, i) => candidate({ user_text: `topic${i} alpha${i} beta${i} gamma${i} delta${i} `.repeat(60), assistant_text: '' }));
    const sip = composeSip(ranked(given), { ...options, budgetTokens: 500 });
    expect(countTokens(sip.sip)).toBeLessThanOrEqual(500);
    expect(sip.tokens_sip).toBe(countTokens(sip.sip));
    expect(sip.records_used).toBeGreaterThan(0);
    expect(sip.records_used).toBeLessThan(40);
    expect(sip.record_ids).toEqual(given.slice(0, sip.records_used).map((c) => c.record_id));
    // Long records are cut and marked.
    expect(sip.sip).toContain('…');
  });

  it('an empty scope gives an empty SIP', () => {
    expect(composeSip([], options)).toMatchObject({ sip: '', records_used: 0, citations: [] });
  });
});

describe('evidence', () => {
  const terms = [{ weight: 2, held: true }, { weight: 1, held: true }];
  const strong = { evidence: { coverage: 1, selectiveCoverage: 1, similarity: 0.86 } };
  const filler = (similarity: number | null) => ({ evidence: { coverage: 0.1, selectiveCoverage: 0, similarity } });

  it('with a query: grounded when the answerability model says memory answers it, abstain otherwise, with its score and signals', () => {
    const answered = judgeEvidence([strong, filler(0.6), filler(0.58)], terms, true);
    expect(answered).toMatchObject({ grounded: true, abstain: false });
    expect(answered.answerability!.signals).toMatchObject({ coverage: 1, selective_coverage: 1, similarity: 0.86, embedded: 1 });
    const unanswered = judgeEvidence([filler(0.6), filler(0.59)], [{ weight: 5, held: false }, ...terms], true);
    expect(unanswered).toMatchObject({ grounded: false, abstain: true });
    expect(unanswered.answerability!.score).toBeLessThan(answered.answerability!.score);
    expect(unanswered.answerability!.signals.unseen).toBeGreaterThan(0.5);
  });

  it("reads how much better someone other than the named speaker states the query (a fact pinned on the wrong person) as a signal against", () => {
    const named = { evidence: { ...strong.evidence, named: { coverage: 1, selectiveCoverage: 1 } } };
    const pinned = { evidence: { ...strong.evidence, coverage: 0.5, named: { coverage: 0.5, selectiveCoverage: 0.5 } } };
    const other = { evidence: { similarity: null, coverage: 0.9, named: { coverage: 0.2, selectiveCoverage: 0.2 } } };
    expect(judgeEvidence([named, other], terms, true).answerability!.signals.speaker_gap).toBe(0);
    const wrongPerson = judgeEvidence([pinned, other], terms, true).answerability!;
    expect(wrongPerson.signals.speaker_gap).toBe(0.4);
    expect(wrongPerson.score).toBeLessThan(judgeEvidence([pinned], terms, true).answerability!.score);
  });

  it('the threshold is the policy', () => {
    expect(judgeEvidence([filler(0.5)], terms, true, { ...DEFAULT_EVIDENCE_POLICY, abstainBelow: 0 }).grounded).toBe(true);
    expect(judgeEvidence([strong], terms, true, { ...DEFAULT_EVIDENCE_POLICY, abstainBelow: 1 }).grounded).toBe(false);
  });

  it('without a query any record grounds the summary; nothing cited abstains', () => {
    expect(judgeEvidence([filler(null)], [], false)).toEqual({ grounded: true, abstain: false });
    expect(judgeEvidence([], terms, true)).toEqual({ grounded: false, abstain: true });
  });
});

describe('ranking', () => {
  it('weighs fused scores by provenance', () => {
    const inferred = candidate({ provenance: 'AI_INFERRED', fused: 0.02 });
    const document = candidate({ provenance: 'DOCUMENT_VERIFIED', fused: 0.015 });
    expect(rankCandidates([inferred, document]).map((c) => c.candidate.provenance)).toEqual(['DOCUMENT_VERIFIED', 'AI_INFERRED']);
  });

  it('puts the record that states the query above one that only shares a word', () => {
    const sharesAWord = candidate({ fused: 0.03 });
    const states = candidate({ fused: 0.02 });
    const order = rankCandidates([sharesAWord, states], (c) => ({ coverage: c === states ? 1 : 0.1, similarity: null })).map((s) => s.candidate);
    expect(order).toEqual([states, sharesAWord]);
  });
  it("ranks an anchor's neighbours at a share of its score, keeping a higher own score, and adds each once", () => {
    const [top, second, low] = [candidate({ fused: 0.03 }), candidate({ fused: 0.02 }), candidate({ fused: 0.001 })];
    const [after, shared] = [candidate({ fused: 0 }), candidate({ fused: 0 })];
    const scored = rankCandidates([top, second, low]);
    const near = new Map([[top, [after, shared, low]], [second, [shared]]]);
    const result = withNeighbours(scored, (anchor) => near.get(anchor) ?? [], () => ({ coverage: 0, similarity: null }), 2);
    const score = (c: Candidate) => result.find((s) => s.candidate === c)!.score;
    expect(result.map((s) => s.candidate.record_id).sort()).toEqual([top, second, low, after, shared].map((c) => c.record_id).sort());
    expect(score(after)).toBeCloseTo(score(top) * NEIGHBOUR_SHARE);
    // Neighbour of both anchors: the better anchor's share counts.
    expect(score(shared)).toBeCloseTo(score(top) * NEIGHBOUR_SHARE);
    // Already retrieved with a lower score: lifted to the share.
    expect(score(low)).toBeCloseTo(score(top) * NEIGHBOUR_SHARE);
    expect(result.map((s) => s.score)).toEqual([...result.map((s) => s.score)].sort((a, b) => b - a));
  });
});

describe('the nearest records by meaning keep a place among the first lines', () => {
  const scored = (id: string, score: number, similarity: number | null) => ({ candidate: { record_id: id }, evidence: { coverage: 0, similarity }, score });

  it('lifts the closest few to just after the first ranks, and leaves the rest as they were', () => {
    const ranked = [
      ...Array.from({ length: 12 }, (_, i) => scored(`word${i}`, 10 - i * 0.5, 0.2)),
      scored('far', 0.5, 0.1),
      scored('close', 0.4, 0.7),
    ];
    const lifted = withNearestLifted(ranked, 1, 10).map((s) => s.candidate.record_id);
    expect(lifted.indexOf('close')).toBe(11);
    expect(withNearestLifted(ranked, 1, 10).filter((s) => s.nearest).map((s) => s.candidate.record_id)).toEqual(['close']);
    expect(lifted.indexOf('far')).toBe(13);
    expect(lifted.slice(0, 10)).toEqual(ranked.slice(0, 10).map((s) => s.candidate.record_id));
  });

  it('never lowers a record, nor lifts one without a similarity', () => {
    const ranked = [...Array.from({ length: 11 }, (_, i) => scored(`r${i}`, 10 - i * 0.5, i === 0 ? 0.9 : null)), scored('unembedded', 0.1, null)];
    expect(withNearestLifted(ranked, 5, 10).map((s) => s.score)).toEqual(ranked.map((s) => s.score));
  });
});
