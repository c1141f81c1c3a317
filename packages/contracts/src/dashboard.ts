import { z } from 'zod';
import { identifier } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { queryInt } from './validation/lax.js';
import { ACTIVITY_TYPES } from './vocabulary.js';

export const DEFAULT_EFFICIENCY_WINDOW_SECONDS = 7 * 24 * 60 * 60;
/** 50 years: the window's start must stay a date PostgreSQL can represent. */
export const MAX_EFFICIENCY_WINDOW_SECONDS = 50 * 365 * 24 * 60 * 60;
export const DEFAULT_ACTIVITY_LIMIT = 15;
export const MAX_ACTIVITY_LIMIT = 50;

const epochSeconds = (what: string) => z.number().meta({ description: `${what}, in seconds since the Unix epoch` });

export const EfficiencyQuery = z.object({
  window_seconds: queryInt({ ge: 1, le: MAX_EFFICIENCY_WINDOW_SECONDS })
    .default(DEFAULT_EFFICIENCY_WINDOW_SECONDS)
    .meta({ description: 'Lookback window in seconds, at most 50 years; defaults to 7 days.' }),
});

export const EfficiencyPoint = z
  .object({
    period_start: epochSeconds('Start of the period'),
    tokens_baseline: z.number(),
    tokens_sip: z.number(),
  })
  .meta({ id: 'EfficiencyPoint' });

export const EfficiencyResponse = z
  .object({
    tokens_baseline: z.number().meta({ description: 'Tokens a no-memory baseline would have used.' }),
    tokens_sip: z.number().meta({ description: 'Tokens used with memory.' }),
    tokens_saved: z.number(),
    percent_reduction: z.number(),
    series: z.array(EfficiencyPoint),
  })
  .meta({ id: 'EfficiencyResponse' });

export const ActivityQuery = z.object({
  limit: queryInt({ ge: 1, le: MAX_ACTIVITY_LIMIT }).default(DEFAULT_ACTIVITY_LIMIT),
});

export const ActivityItem = z
  .object({
    project_id: z.string(),
    ref_id: z.string(),
    summary: z.string(),
    type: z.enum(ACTIVITY_TYPES),
    timestamp: epochSeconds('When it happened'),
  })
  .meta({ id: 'ActivityItem' });

export const ActivityResponse = z.object({ items: z.array(ActivityItem) }).meta({ id: 'ActivityResponse' });

export const ProvenanceQuery = z.object({
  project_id: identifier('Project').optional().meta({ description: "Restrict to one of the caller's workspaces." }),
});

export const ProvenanceResponse = z
  .object({
    provenance: z.record(z.string(), z.int().min(0)).meta({ description: 'Count of records per provenance class.' }),
  })
  .meta({ id: 'ProvenanceResponse' });

export const getEfficiency = defineEndpoint({
  method: 'get',
  path: '/api/v1/dashboard/efficiency',
  operationId: 'getEfficiency',
  summary: 'Token use with memory versus a no-memory baseline',
  tags: ['dashboard'],
  security: 'apiKey',
  request: { query: EfficiencyQuery },
  response: { status: 200, description: 'Totals and a time series.', schema: EfficiencyResponse },
  errors: [401],
});

export const getActivity = defineEndpoint({
  method: 'get',
  path: '/api/v1/dashboard/activity',
  operationId: 'getActivity',
  summary: 'Recent memory events, newest first',
  tags: ['dashboard'],
  security: 'apiKey',
  request: { query: ActivityQuery },
  response: { status: 200, description: 'The feed.', schema: ActivityResponse },
  errors: [401],
});

export const getProvenance = defineEndpoint({
  method: 'get',
  path: '/api/v1/dashboard/provenance',
  operationId: 'getProvenance',
  summary: "Count of the caller's memory records per provenance class",
  tags: ['dashboard'],
  security: 'apiKey',
  request: { query: ProvenanceQuery },
  response: { status: 200, description: 'Counts per provenance class.', schema: ProvenanceResponse },
  errors: [401, 404],
});

export const dashboardEndpoints = [getEfficiency, getActivity, getProvenance] as const;
