import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorResponse } from './common.js';
import type { AnyEndpoint } from './endpoint.js';

/*
 * What the API does around the endpoint schemas — idempotency, quota, read-your-writes,
 * request ids — stated once so the OpenAPI document lists every status and header a
 * client can meet. The route guards (apps/api/src/routes/guards.ts) are what they describe.
 */

/** Endpoints that take Idempotency-Key and charge the daily ingest quota. */
const IDEMPOTENT = new Set(['ingestRound', 'recordGeneratedStatement', 'ingestConnectorDocument']);
/** Endpoints that append events and answer with the write's feed position. */
const WRITES = new Set([...IDEMPOTENT, 'buildSip', 'createProject', 'renameProject', 'deleteSession', 'restoreSession', 'clearAllSessions']);
/** Endpoints whose write can break a domain rule (writing to a deleted session, another project's session). */
const CONFLICTS = new Set(['ingestRound', 'recordGeneratedStatement', 'ingestConnectorDocument']);
/** Endpoints that read back what they wrote and answer 503 when the read models have not caught up in time. */
const READS_BACK = new Set(['createProject', 'restoreSession']);
/** Endpoints that may answer 202 with their usual body while work goes on. */
const ACCEPTED = new Set(['ingestConnectorDocument']);

/** The dependency-outage contract (docs/decisions.md, "Dependency outages"). */
const UNAVAILABLE =
  'A dependency (the database, the job queue) is away for a moment (a restart, a failover): never a 500. Retry after `Retry-After` seconds, with backoff; `GET /api/v1/health` names the dependency that is down.';
const UNAVAILABLE_WRITE = ' A write answered 503 may or may not have been stored (the connection can fail during its commit).';
const UNAVAILABLE_IDEMPOTENT = ' Retry it with the same `Idempotency-Key` to store it exactly once.';
/** Load shedding (docs/interface.md, "Errors"): refused before any work, so nothing was stored. */
const OVERLOADED =
  ' Or the server is at capacity (more requests at once than it is configured to work on and no place freed within a short wait, too many writes waiting for the group commit, or, where configured, a request that waited too long in front of it by its `X-Request-Start`): the request was refused before any work, so nothing was stored; retry after `Retry-After` seconds, with backoff.';

const header = (description: string, schema: z.ZodType = z.string()) => schema.meta({ description });

const requestId = { 'X-Request-Id': header('Echoes the request id (or the one the client sent); logs carry it.') };
const rateLimit = {
  'X-RateLimit-Limit': header('Daily ingest quota.', z.int()),
  'X-RateLimit-Remaining': header('Ingests left today.', z.int()),
  'X-RateLimit-Reset': header('When the quota resets, in Unix seconds.', z.int()),
};

export function requestHeaders(endpoint: AnyEndpoint): z.ZodObject | undefined {
  if (endpoint.security !== 'apiKey') return undefined;
  return z.object({
    ...(IDEMPOTENT.has(endpoint.operationId)
      ? { 'Idempotency-Key': header('At most 255 characters. A retry with the same key and body answers the first response without writing again; another body is a 409.').optional() }
      : {}),
    'X-Memctx-Min-Position': header('A write position (`X-Memctx-Position` of an earlier answer): the request waits, bounded, until the read models have passed it.').optional(),
  });
}

export function successHeaders(endpoint: AnyEndpoint): z.ZodObject {
  return z.object({
    ...requestId,
    ...(WRITES.has(endpoint.operationId) ? { 'X-Memctx-Position': header('The feed position of the write, for X-Memctx-Min-Position.') } : {}),
    ...(IDEMPOTENT.has(endpoint.operationId) ? rateLimit : {}),
    ...(endpoint.security === 'apiKey' ? { 'X-Memctx-Stale': header('`1` when the read models had not caught up within the wait.') } : {}),
  });
}

/** Statuses the conventions add to an endpoint's own list (the success response is passed for 202). */
export function conventionResponses(endpoint: AnyEndpoint, success: ResponseConfig): Record<string, ResponseConfig> {
  const json = { 'application/json': { schema: ErrorResponse } };
  const responses: Record<string, ResponseConfig> = {};
  if (ACCEPTED.has(endpoint.operationId)) responses[202] = { ...success, description: 'Accepted: still being processed; the body says what is pending.' };
  if (endpoint.request.body) {
    responses[413] = { description: 'The body is larger than the configured limit.', content: json };
    responses[415] = { description: 'The body has a Content-Encoding the server cannot decode.', content: json };
  }
  if (IDEMPOTENT.has(endpoint.operationId)) {
    responses[400] = { description: 'Idempotency-Key is longer than 255 characters.', content: json };
    responses[429] = {
      description: 'The daily ingest quota is used up.',
      headers: z.object({ 'Retry-After': header('Seconds until the quota resets.', z.int()), ...rateLimit }),
      content: json,
    };
  }
  if (CONFLICTS.has(endpoint.operationId)) {
    responses[409] = { description: 'The Idempotency-Key was used with another body, or the session is deleted or in another project.', content: json };
  }
  // Every endpoint behind a key reads the database; health answers its own 503 with the failing check named.
  if (endpoint.security !== 'none') {
    const readBack = READS_BACK.has(endpoint.operationId) ? ' Or: stored, but not readable yet; retry the read shortly.' : '';
    responses[503] = {
      description: [
        UNAVAILABLE, WRITES.has(endpoint.operationId) ? UNAVAILABLE_WRITE : '', IDEMPOTENT.has(endpoint.operationId) ? UNAVAILABLE_IDEMPOTENT : '', readBack, OVERLOADED,
      ].join(''),
      headers: z.object({ 'Retry-After': header('Seconds to wait before retrying.', z.int()), ...requestId }),
      content: json,
    };
  }
  return responses;
}
