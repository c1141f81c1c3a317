import type { Candidate } from '@memctx/read-models';
import { countTokens, truncateToTokens } from '@memctx/tokens';
import { DEFAULT_EVIDENCE_POLICY, judgeEvidence, type EvidencePolicy } from './evidence.js';

export type SectionName = 'identity' | 'active_context' | 'preferences' | 'uncertain_facts';

export interface Citation {
  index: number;
  record_id: string;
  summary: string;
  provenance: string;
  source_id: string | null;
  source_title: string | null;
}

export interface SipSections {
  identity: Record<string, unknown>[];
  active_context: Record<string, unknown>[];
  preferences: Record<string, unknown>[];
  /** An empty passthrough: this service never fabricates calibration. */
  calibration_notes: Record<string, unknown>;
  uncertain_facts: Record<string, unknown>[];
}

export interface ComposedSip {
  sip: string;
  citations: Citation[];
  sections: SipSections;
  records_used: number;
  record_ids: string[];
  tokens_sip: number;
  grounded: boolean;
  abstain: boolean;
}

export interface ComposeOptions {
  budgetTokens: number;
  /** A long record (a big exchange or chunk) is cut to this many tokens so one record cannot eat the budget. */
  maxRecordTokens: number;
  hasQuery: boolean;
  policy?: EvidencePolicy;
}

const SECTION_ORDER: readonly SectionName[] = ['identity', 'active_context', 'preferences', 'uncertain_facts'];
const SECTION_TITLES: Record<SectionName, string> = {
  identity: '## Identity',
  active_context: '## Active context',
  preferences: '## Preferences',
  uncertain_facts: '## Uncertain (unconfirmed hypotheses; never state these as fact)',
};
export const SIP_HEADER = 'Memory context. Cite an item as [n] when you use it.';

export function sectionOf(candidate: Pick<Candidate, 'provenance' | 'record_type'>): SectionName {
  if (candidate.provenance === 'AI_GENERATED') return 'uncertain_facts';
  if (candidate.record_type === 'PREFERENCE') return 'preferences';
  if (candidate.provenance === 'USER_STATED' || candidate.provenance === 'USER_CONFIRMED') return 'identity';
  return 'active_context';
}

function label(candidate: Candidate): string {
  switch (candidate.provenance) {
    case 'DOCUMENT_VERIFIED':
      return `document "${candidate.source_title ?? 'untitled'}"`;
    case 'ROUND':
      return 'conversation';
    case 'AI_INFERRED':
      return 'inference only';
    case 'AI_GENERATED':
      return 'unconfirmed';
    default:
      return candidate.provenance.toLowerCase().replace('_', ' ');
  }
}

function body(candidate: Candidate, maxTokens: number): string {
  const flat = candidate.content.replace(/\s+/g, ' ').trim();
  const cut = truncateToTokens(flat, maxTokens);
  return cut.length < flat.length ? `${cut}…` : cut;
}

function render(chosen: readonly { candidate: Candidate; text: string }[]): { sip: string; ordered: typeof chosen } {
  const ordered = SECTION_ORDER.flatMap((section) => chosen.filter((item) => sectionOf(item.candidate) === section));
  if (ordered.length === 0) return { sip: '', ordered };
  const lines = [SIP_HEADER];
  let current: SectionName | undefined;
  ordered.forEach((item, i) => {
    const section = sectionOf(item.candidate);
    if (section !== current) lines.push(SECTION_TITLES[section]);
    current = section;
    const date = item.candidate.created_at.toISOString().slice(0, 10);
    lines.push(`[${i + 1}] ${date} · ${label(item.candidate)}: ${item.text}`);
  });
  return { sip: lines.join('\n'), ordered };
}

/**
 * Packs ranked candidates into a SIP within the token budget (best first, each
 * cut to `maxRecordTokens`), renders them by section, and numbers citations in
 * the order their [n] markers appear in the text.
 */
export function composeSip(ranked: readonly Candidate[], options: ComposeOptions): ComposedSip {
  const chosen: { candidate: Candidate; text: string }[] = [];
  let estimate = countTokens(SIP_HEADER) + SECTION_ORDER.length * 12;
  for (const candidate of ranked) {
    const text = body(candidate, options.maxRecordTokens);
    const cost = countTokens(text) + 16;
    if (estimate + cost > options.budgetTokens) continue;
    chosen.push({ candidate, text });
    estimate += cost;
  }
  let rendered = render(chosen);
  // The estimate is generous; should the exact count still exceed the budget, drop the weakest until it fits.
  while (rendered.ordered.length > 0 && countTokens(rendered.sip) > options.budgetTokens) {
    chosen.pop();
    rendered = render(chosen);
  }
  const { sip, ordered } = rendered;
  const citations: Citation[] = ordered.map(({ candidate }, i) => ({
    index: i + 1,
    record_id: candidate.record_id,
    summary: candidate.summary,
    provenance: candidate.provenance,
    source_id: candidate.source_id,
    source_title: candidate.source_title,
  }));
  const sections: SipSections = { identity: [], active_context: [], preferences: [], calibration_notes: {}, uncertain_facts: [] };
  ordered.forEach(({ candidate, text }, i) => {
    const section = sectionOf(candidate);
    sections[section].push({
      index: i + 1,
      record_id: candidate.record_id,
      provenance: candidate.provenance,
      text,
      created_at: candidate.created_at.toISOString(),
      ...(candidate.source_id ? { source_id: candidate.source_id, source_title: candidate.source_title } : {}),
      ...(candidate.provenance === 'AI_INFERRED' ? { inference_only: true } : {}),
      ...(section === 'uncertain_facts' ? { uncertain: true } : {}),
    });
  });
  const used = ordered.map(({ candidate }) => candidate);
  return {
    sip,
    citations,
    sections,
    records_used: used.length,
    record_ids: used.map((c) => c.record_id),
    tokens_sip: countTokens(sip),
    ...judgeEvidence(used, options.hasQuery, options.policy ?? DEFAULT_EVIDENCE_POLICY),
  };
}
