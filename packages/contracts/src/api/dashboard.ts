import { z } from '../zod.js';
import { laxInt } from '../fields.js';
import { LIMITS } from './limits.js';
import { Id } from './common.js';

export const EfficiencyQuery = z.object({
  window_seconds: laxInt({ ge: 1 }).default(LIMITS.efficiencyDefaultWindowSeconds),
});

export const EfficiencyResponse = z
  .object({
    tokens_baseline: z.number(),
    tokens_sip: z.number(),
    tokens_saved: z.number(),
    percent_reduction: z.number(),
    series: z.array(z.object({ period_start: z.number(), tokens_baseline: z.number(), tokens_sip: z.number() })),
  })
  .openapi('EfficiencyResponse');

export const ActivityQuery = z.object({
  limit: laxInt({ ge: 1, le: LIMITS.activityMaxLimit }).default(LIMITS.activityDefaultLimit),
});

export const ActivityResponse = z
  .object({
    items: z.array(z.object({ project_id: z.string(), ref_id: z.string(), summary: z.string(), type: z.string(), timestamp: z.number() })),
  })
  .openapi('ActivityResponse');

export const ProvenanceQuery = z.object({ project_id: Id.optional() });

export const ProvenanceResponse = z.object({ provenance: z.record(z.string(), z.number().int()) }).openapi('ProvenanceResponse');
