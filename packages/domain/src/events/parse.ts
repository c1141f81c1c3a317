import type { z } from 'zod';
import { DomainEvent, isEventOf, isEventType, schemaVersions, type EventOf, type EventType } from './domain-event.js';

export type InvalidEventReason = 'unknown_type' | 'unexpected_type' | 'unsupported_version' | 'invalid_data';

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

/** Lifts one type's data from schema version `n` (the key) to `n + 1`. */
export type Upcasters = Partial<Record<EventType, Readonly<Record<number, (data: unknown) => unknown>>>>;

/**
 * The steps from each older schema version to the next. Empty while every type
 * is at version 1: bumping a type in `schemaVersions` without adding its step
 * makes events of the older version unreadable (`unsupported_version`), never
 * silently misread.
 */
export const upcasters: Upcasters = {};

/** The version the write side stamps on a new event of `type`. */
export function schemaVersionOf(type: string): number {
  if (!isEventType(type)) throw new InvalidEventError(type, 'unknown_type', [], 'not a memctx event type');
  return schemaVersions[type];
}

export type EventParser = (type: string, data: unknown, schemaVersion?: number) => DomainEvent;

/**
 * A parser over given versions and upcasters; `parseDomainEvent` is the one over
 * the current ones (tests build others to exercise the upcasting path).
 * Versions below 1 never existed, and versions above the current one come from
 * newer code: both are refused, as guessing would project wrong rows.
 */
export function createEventParser(versions: Readonly<Record<EventType, number>>, steps: Upcasters): EventParser {
  return (type, data, schemaVersion) => {
    if (!isEventType(type)) throw new InvalidEventError(type, 'unknown_type', [], 'not a memctx event type');
    const current = versions[type];
    const stored = schemaVersion ?? current;
    if (!Number.isInteger(stored) || stored < 1 || stored > current) {
      throw new InvalidEventError(type, 'unsupported_version', [], `schema_version ${stored}, this code reads 1 to ${current}`);
    }
    let upcast = data;
    for (let version = stored; version < current; version++) {
      const step = steps[type]?.[version];
      if (!step) throw new InvalidEventError(type, 'unsupported_version', [], `no upcaster from schema_version ${version} to ${version + 1}`);
      upcast = step(upcast);
    }
    const result = DomainEvent.safeParse({ type, data: upcast });
    if (!result.success) throw new InvalidEventError(type, 'invalid_data', result.error.issues);
    return result.data;
  };
}

/**
 * Validates an event read from the store (or about to be written), upcast to the
 * current version first. Unknown keys are dropped rather than rejected, so an
 * older reader survives additive changes. `schemaVersion` defaults to the current one.
 */
export const parseDomainEvent: EventParser = createEventParser(schemaVersions, upcasters);

/**
 * Parses an event read from a stream that holds only `types` (a decider's own stream), typed as
 * their union. Another memctx type there is refused ('unexpected_type'), never folded into a state
 * that has no place for it.
 */
export function parseEventOf<T extends EventType>(types: readonly T[], type: string, data: unknown, schemaVersion?: number): EventOf<T> {
  const event = parseDomainEvent(type, data, schemaVersion);
  if (isEventOf(event, types)) return event;
  throw new InvalidEventError(type, 'unexpected_type', [], `this stream holds only ${types.join(', ')}`);
}
