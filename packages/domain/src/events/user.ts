import { z } from 'zod';
import { count, defineEvent, id, timestamp } from './fields.js';

/*
 * User stream. SipBuilt feeds the efficiency dashboard, the activity feed and
 * the `sip_text` of a session's turns (the spec's session message field), so
 * the built text travels with the token figures.
 */
export const SipBuilt = defineEvent('SipBuilt', {
  user_id: id,
  build_id: id,
  project_id: id.nullable(),
  session_id: id.nullable(),
  query: z.string().nullable(),
  records_used: count,
  record_ids: z.array(id),
  // The sessions whose records the text quotes: purging any of them erases the text (crypto-shredding). Absent on older builds.
  cited_session_ids: z.array(id).optional(),
  sip_text: z.string(),
  tokens_sip: count,
  tokens_baseline: count,
  grounded: z.boolean(),
  abstain: z.boolean(),
  built_at: timestamp,
});
export type SipBuilt = z.infer<typeof SipBuilt>;
