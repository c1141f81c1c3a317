export { buildSip, DEFAULT_SIP_SETTINGS, type BuiltSip, type QueryEmbedder, type SipRequest, type SipSettings } from './build.js';
export { composeSip, sectionOf, SIP_HEADER, type Citation, type ComposedSip, type SectionName, type SipSections } from './compose.js';
export { DEFAULT_EVIDENCE_POLICY, isEvidence, judgeEvidence, type EvidencePolicy } from './evidence.js';
export { PROVENANCE_WEIGHT, queryWords, rankCandidates } from './rank.js';
