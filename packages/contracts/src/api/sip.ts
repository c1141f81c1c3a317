import { z } from '../zod.js';
import { laxBool } from '../fields.js';
import { NullableId } from './common.js';
import { LIMITS } from './limits.js';

export const SipBuildRequest = z
  .object({
    include_global: laxBool().default(false),
    project_id: NullableId.optional(),
    query: z.string().max(LIMITS.queryLength).nullable().optional(),
    session_id: NullableId.optional(),
  })
  .openapi('SipBuildRequest');

export const SipCitation = z
  .object({
    index: z.number().int(),
    record_id: z.string(),
    summary: z.string(),
    provenance: z.string(),
    source_id: z.string().nullable().optional(),
    source_title: z.string().nullable().optional(),
  })
  .openapi('SipCitation');

const item = z.record(z.string(), z.unknown());
export const SipSections = z
  .object({
    identity: z.array(item),
    active_context: z.array(item),
    preferences: z.array(item),
    calibration_notes: z.record(z.string(), z.unknown()),
    uncertain_facts: z.array(item),
  })
  .openapi('SipSections');

export const SipBuildResponse = z
  .object({
    sip: z.string(),
    records_used: z.number().int(),
    user_id: z.string(),
    abstain: z.boolean().default(false),
    grounded: z.boolean().default(false),
    citations: z.array(SipCitation).default([]),
    sip_sections: SipSections.optional(),
  })
  .openapi('SipBuildResponse');
