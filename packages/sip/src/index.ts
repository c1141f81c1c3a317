export { buildSip, DEFAULT_SIP_SETTINGS, type BuiltSip, type QueryEmbedder, type SipBuildDeps, type SipRequest, type SipSettings } from './build.js';
export { composeSip, sectionOf, SIP_HEADER, type Citation, type ComposedSip, type ComposeOptions, type SectionName, type SipSections } from './compose.js';
export { DEFAULT_EVIDENCE_POLICY, isEvidence, judgeEvidence, type EvidencePolicy, type EvidenceSignals } from './evidence.js';
export { assess, excerpt, excerptTurn, speakerTerms, weighTerms, type TurnEvidence, type WeightedTerm } from './match.js';
export { NEIGHBOUR_ANCHORS, NEIGHBOUR_SHARE, PROVENANCE_WEIGHT, rankCandidates, withNeighbours, type Scored } from './rank.js';
