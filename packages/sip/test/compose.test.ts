import type { Candidate } from '@memctx/read-models';
import { countTokens } from '@memctx/tokens';
import { describe, expect, it } from 'vitest';
import { composeSip, judgeEvidence, queryWords, rankCandidates, SIP_HEADER } from '../src/index.js';

let n = 0;
function candidate(overrides: Partial<Candidate> = {}): Candidate {
  n++;
  return {
    record_id: `r${n}`,
    summary: `summary ${n}`,
    content: `User: question ${n}\nAssistant: answer ${n}`,
    provenance: 'ROUND',
    record_type: 'FACTUAL',
    source_id: null,
    source_title: null,
    created_at: new Date('2026-11-20T10:00:00Z'),
    similarity: 0.8,
    text_match: true,
    fused: 1 / (60 + n),
    ...overrides,
  };
}

const options = { budgetTokens: 1500, maxRecordTokens: 160, hasQuery: true };

describe('composeSip', () => {
  it('numbers citations from 1 in the order their [n] markers appear', () => {
    const given = [candidate({ provenance: 'DOCUMENT_VERIFIED', source_id: 's1', source_title: 'Handbook' }), candidate(), candidate({ provenance: 'USER_STATED' })];
    const sip = composeSip(given, options);
    expect(sip.citations.map((c) => c.index)).toEqual([1, 2, 3]);
    const markers = [...sip.sip.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(markers).toEqual([1, 2, 3]);
    // Identity renders first, so the USER_STATED record is [1].
    expect(sip.citations[0]!.provenance).toBe('USER_STATED');
    expect(sip.sip.startsWith(SIP_HEADER)).toBe(true);
    for (const citation of sip.citations) expect(sip.sip).toContain(`[${citation.index}]`);
  });

  it('carries source id and title on document citations only', () => {
    const sip = composeSip([candidate({ provenance: 'DOCUMENT_VERIFIED', source_id: 'src-9', source_title: 'Runbook' }), candidate()], options);
    const doc = sip.citations.find((c) => c.provenance === 'DOCUMENT_VERIFIED')!;
    expect(doc).toMatchObject({ source_id: 'src-9', source_title: 'Runbook' });
    expect(sip.citations.find((c) => c.provenance === 'ROUND')).toMatchObject({ source_id: null, source_title: null });
    expect(sip.sip).toContain('document "Runbook"');
  });

  it('fills the five sections: inference marked inference_only, generated marked uncertain, calibration empty', () => {
    const sip = composeSip(
      [candidate({ provenance: 'USER_CONFIRMED' }), candidate({ provenance: 'AI_INFERRED' }), candidate({ provenance: 'AI_GENERATED' }), candidate({ record_type: 'PREFERENCE' })],
      options,
    );
    expect(Object.keys(sip.sections).sort()).toEqual(['active_context', 'calibration_notes', 'identity', 'preferences', 'uncertain_facts']);
    expect(sip.sections.identity).toHaveLength(1);
    expect(sip.sections.active_context[0]).toMatchObject({ provenance: 'AI_INFERRED', inference_only: true });
    expect(sip.sections.uncertain_facts[0]).toMatchObject({ provenance: 'AI_GENERATED', uncertain: true });
    expect(sip.sections.preferences).toHaveLength(1);
    expect(sip.sections.calibration_notes).toEqual({});
    expect(sip.sip).toMatch(/## Uncertain \(unconfirmed hypotheses; never state these as fact\)\n\[\d\] [\d-]+ · unconfirmed:/);
  });

  it('stays within the token budget, keeping the best-ranked records', () => {
    const long = 'alpha beta gamma delta epsilon '.repeat(60);
    const given = Array.from({ length: 40 }, () => candidate({ content: long }));
    const sip = composeSip(given, { ...options, budgetTokens: 500 });
    expect(countTokens(sip.sip)).toBeLessThanOrEqual(500);
    expect(sip.tokens_sip).toBe(countTokens(sip.sip));
    expect(sip.records_used).toBeGreaterThan(0);
    expect(sip.records_used).toBeLessThan(40);
    expect(sip.record_ids).toEqual(given.slice(0, sip.records_used).map((c) => c.record_id));
    // Long records are cut and marked.
    expect(sip.sip).toContain('…');
  });

  it('an empty scope gives an empty SIP that abstains', () => {
    expect(composeSip([], options)).toMatchObject({ sip: '', records_used: 0, citations: [], grounded: false, abstain: true });
  });
});

describe('evidence', () => {
  it('with a query: grounded when a used record is close enough, abstain otherwise', () => {
    expect(judgeEvidence([{ similarity: 0.9, text_match: false }], true)).toEqual({ grounded: true, abstain: false });
    expect(judgeEvidence([{ similarity: 0.3, text_match: true }], true)).toEqual({ grounded: false, abstain: true });
  });

  it('an unembedded record counts when it matched the words', () => {
    expect(judgeEvidence([{ similarity: null, text_match: true }], true).grounded).toBe(true);
    expect(judgeEvidence([{ similarity: null, text_match: false }], true).abstain).toBe(true);
  });

  it('without a query any record grounds the summary', () => {
    expect(judgeEvidence([{ similarity: null, text_match: false }], false)).toEqual({ grounded: true, abstain: false });
  });
});

describe('ranking', () => {
  it('weighs fused scores by provenance', () => {
    const inferred = candidate({ provenance: 'AI_INFERRED', fused: 0.02 });
    const document = candidate({ provenance: 'DOCUMENT_VERIFIED', fused: 0.015 });
    expect(rankCandidates([inferred, document]).map((c) => c.provenance)).toEqual(['DOCUMENT_VERIFIED', 'AI_INFERRED']);
  });

  it('keeps only letters and digits of the query', () => {
    expect(queryWords("What's the plan? (a & b) | !c")).toEqual(['what', 's', 'the', 'plan', 'a', 'b', 'c']);
    expect(queryWords(null)).toEqual([]);
  });
});
