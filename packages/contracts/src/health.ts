import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const HEALTH_CHECK_NAMES = ['database', 'event_store', 'queue', 'projections', 'embeddings'] as const;
export type HealthCheckName = (typeof HEALTH_CHECK_NAMES)[number];

export const HealthStatus = z.enum(['ok', 'degraded', 'down']);
export type HealthStatus = z.infer<typeof HealthStatus>;

export const HealthCheckResult = z
  .object({
    status: HealthStatus,
    detail: z.string().optional(),
    lag: z.number().optional().meta({ description: 'How far behind a follower is: projection lag in events, or the embedding backlog in records.' }),
  })
  .meta({ id: 'HealthCheckResult' });
export type HealthCheckResult = z.infer<typeof HealthCheckResult>;

export const HealthResponse = z
  .object({
    status: HealthStatus.meta({ description: 'down when any check is down; degraded when any is degraded.' }),
    checks: z.record(z.string(), HealthCheckResult).meta({ description: `Keyed by ${HEALTH_CHECK_NAMES.join(', ')}.` }),
    version: z.string(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const getHealth = defineEndpoint({
  method: 'get',
  path: '/api/v1/health',
  operationId: 'getHealth',
  summary: 'Service health (no key needed)',
  description: 'Answers 503 with the same body when any check is down.',
  tags: ['health'],
  security: 'none',
  request: {},
  response: { status: 200, description: 'No check is down.', schema: HealthResponse },
  errors: [503],
});

export const healthEndpoints = [getHealth] as const;
