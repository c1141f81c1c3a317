import { z } from 'zod';
import { ProjectCreated, ProjectRenamed } from './project.js';
import {
  GeneratedStatementRecorded,
  RoundIngested,
  SessionPurged,
  SessionRestored,
  SessionSoftDeleted,
} from './session.js';
import { DocumentIngested, DocumentIngestFailed, DocumentIngestRequested } from './source.js';
import { SipBuilt } from './user.js';

export const DomainEvent = z.discriminatedUnion('type', [
  ProjectCreated,
  ProjectRenamed,
  RoundIngested,
  GeneratedStatementRecorded,
  SessionSoftDeleted,
  SessionRestored,
  SessionPurged,
  DocumentIngestRequested,
  DocumentIngested,
  DocumentIngestFailed,
  SipBuilt,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type EventData<T extends EventType> = EventOf<T>['data'];

/**
 * The `schema_version` the write side stamps on each event (`schemaVersionOf`).
 * Bump a type's entry when its data changes shape and add the step from the
 * older version to `upcasters` (parse.ts), which `parseDomainEvent` applies on read.
 * `satisfies` makes forgetting a new event type a compile error.
 */
export const schemaVersions = {
  ProjectCreated: 1,
  ProjectRenamed: 1,
  RoundIngested: 1,
  GeneratedStatementRecorded: 1,
  SessionSoftDeleted: 1,
  SessionRestored: 1,
  SessionPurged: 1,
  DocumentIngestRequested: 1,
  DocumentIngested: 1,
  DocumentIngestFailed: 1,
  SipBuilt: 1,
} as const satisfies Record<EventType, number>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(schemaVersions, type);
}

/** Narrows a parsed event to one of `types`, so a stream's events reach its decider typed, without a cast. */
export function isEventOf<T extends EventType>(event: DomainEvent, types: readonly T[]): event is EventOf<T> {
  const names: readonly EventType[] = types;
  return names.includes(event.type);
}

/** An event in the form the store keeps: its data as a JSON object, stamped with its type's current schema version. */
export interface SerializedEvent {
  type: EventType;
  data: Record<string, unknown>;
  schema_version: number;
}

/** The one way the write side turns a typed event into what it appends (the data is already plain JSON). */
export function serializeEvent(event: DomainEvent): SerializedEvent {
  return { type: event.type, data: event.data, schema_version: schemaVersions[event.type] };
}

/** Builds a typed event; deciders use it so a misspelt field fails to compile. */
export function event<T extends EventType>(type: T, data: EventData<T>): EventOf<T> {
  return { type, data } as EventOf<T>;
}
