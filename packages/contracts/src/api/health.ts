import { z } from '../zod.js';

export const HealthCheck = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  detail: z.string().optional(),
  lag_events: z.number().optional(),
});

export const HealthResponse = z
  .object({ status: z.enum(['ok', 'degraded', 'down']), version: z.string(), checks: z.record(z.string(), HealthCheck) })
  .openapi('HealthResponse');
