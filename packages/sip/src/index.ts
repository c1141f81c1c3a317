export { buildSip, DEFAULT_SIP_SETTINGS, rankForQuery, type BuiltSip, type RankedRetrieval, type QueryEmbedder, type SipBuildDeps, type SipRequest, type SipSettings } from './build.js';
export { ABSTAIN_NOTE, composeSip, sectionOf, SIP_HEADER, type Citation, type ComposedSip, type ComposeOptions, type SectionName, type SipSections } from './compose.js';
export { answerability, answerabilityModelFor, answerabilitySignals, SIGNAL_NAMES, type AnswerabilityModel, type AnswerabilitySignals, type SignalName } from './answerability.js';
export { answerHint } from './answer-hint.js';
export { DEFAULT_EVIDENCE_POLICY, evidencePolicyFor, judgeEvidence, type EvidencePolicy, type Judgement } from './evidence.js';
export { isSmallTalk, isSmallTalkLine, smallTalkVector } from './small-talk.js';
export { supersessions } from './supersession.js';
export { assess, excerpt, excerptTurn, speakerTerms, weighTerms, type TurnEvidence, type WeightedTerm } from './match.js';
export { NEAREST_LIFTED, NEAREST_RANK, NEIGHBOUR_ANCHORS, NEIGHBOUR_SHARE, PROVENANCE_WEIGHT, rankCandidates, withNearestLifted, withNeighbours, type Scored } from './rank.js';
