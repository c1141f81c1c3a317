import type { z } from 'zod';
import { DomainEvent, isEventType, schemaVersions } from './domain-event.js';

export type InvalidEventReason = 'unknown_type' | 'unsupported_version' | 'invalid_data';

/**
 * Stored data that this code cannot read. Deliberately not a DomainError: it is
 * a fault of the store or of a deployment (a 500), never of the caller's request.
 */
export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly reason: InvalidEventReason,
    readonly issues: readonly z.core.$ZodIssue[] = [],
    detail = issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '),
  ) {
    super(`invalid ${eventType} event (${reason}): ${detail}`);
    this.name = 'InvalidEventError';
  }
}

/**
 * Validates an event read from the store (or about to be written). Unknown keys
 * are dropped rather than rejected, so an older reader survives additive changes.
 * `schemaVersion` defaults to the current one; no older versions exist yet.
 */
export function parseDomainEvent(type: string, data: unknown, schemaVersion?: number): DomainEvent {
  if (!isEventType(type)) throw new InvalidEventError(type, 'unknown_type', [], 'not a memctx event type');
  const current = schemaVersions[type];
  if (schemaVersion !== undefined && schemaVersion !== current) {
    throw new InvalidEventError(type, 'unsupported_version', [], `schema_version ${schemaVersion}, this code reads ${current}`);
  }
  const result = DomainEvent.safeParse({ type, data });
  if (!result.success) throw new InvalidEventError(type, 'invalid_data', result.error.issues);
  return result.data;
}
