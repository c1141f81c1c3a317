/*
 * The domain's words that travel as strings (read-model rows, API fields, the dashboard), each listed once. The
 * zod enums of the contracts are made of these lists, so the unions below are what those schemas infer. No zod
 * here: the dashboard's browser bundle imports this file (`@memctx/contracts/vocabulary`) and nothing else.
 */

/** Where a memory record's content comes from (docs/interface.md), in the order the dashboard lists them. */
export const PROVENANCES = ['USER_STATED', 'USER_CONFIRMED', 'DOCUMENT_VERIFIED', 'AI_INFERRED', 'ROUND', 'AI_GENERATED'] as const;
export type Provenance = (typeof PROVENANCES)[number];

/** What a memory record states: a fact, or a preference (the SIP's Preferences section). */
export const RECORD_TYPES = ['FACTUAL', 'PREFERENCE'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** The kinds of item in the dashboard's activity feed: records, sources and SIP builds. */
export const ACTIVITY_TYPES = ['round_ingested', 'statement_generated', 'sip_built', 'source_requested', 'source_ingested', 'source_failed'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
