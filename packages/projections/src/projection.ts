import type { Queryable } from '@memctx/db';
import { parseDomainEvent, type EventOf, type EventType } from '@memctx/domain';
import type { RecordedEvent } from '@memctx/event-store';

/**
 * A stored event with its data parsed (and upcast) into the domain type named by `type`: one member
 * per type of `T`, so a switch on `type` narrows `data`.
 */
export type ProjectedEvent<T extends EventType = EventType> = { [K in T]: Omit<RecordedEvent, 'type' | 'data'> & EventOf<K> }[T];

/** Validates a stored event's data against its schema (upcasting older versions); throws InvalidEventError when it cannot. */
export function parseRecordedEvent(event: RecordedEvent): ProjectedEvent {
  return { ...event, ...parseDomainEvent(event.type, event.data, event.schema_version) };
}

/** A type guard over an already parsed event, so handlers can narrow a step without casting. */
export function isOneOf<T extends EventType>(event: ProjectedEvent, types: readonly T[]): event is ProjectedEvent<T> {
  const names: readonly EventType[] = types;
  return names.includes(event.type);
}

/**
 * A read model built from the event feed. Its tables live in a schema of their
 * own per generation (rm_<name>_g<n>) and are exposed to readers as views in
 * `public`, so a rebuild can fill a new generation while the old one serves
 * reads, and switch over in one transaction.
 */
export interface ProjectionDefinition<T extends EventType> {
  /** Stable name, e.g. "sessions"; lowercase letters, digits and underscores. */
  readonly name: string;
  /** Bump when the tables or the meaning of the handlers change: a new version needs a rebuild. */
  readonly version: number;
  /** Tables exposed to readers as `public.<table>` views. */
  readonly tables: readonly string[];
  /** DDL with unqualified names; runs with search_path set to the generation's schema. */
  readonly schemaSql: string;
  /**
   * Secondary indexes (same rules as schemaSql). A live generation gets them with its
   * tables; a rebuild creates them after the bulk load, just before switching over,
   * because building an index once is far cheaper than maintaining it row by row
   * (GIN and HNSW especially). Keys that handlers rely on (ON CONFLICT) belong in schemaSql.
   */
  readonly indexSql?: string;
  /** Event types this projection reads; others are skipped without a call (and without being parsed). */
  readonly handles: readonly T[];
  /**
   * Applies a batch (in feed order, parsed) inside the batch transaction, with
   * search_path on the generation's schema. Must be idempotent per event:
   * after a crash the same events may arrive again in a new generation.
   */
  apply(tx: Queryable, events: readonly ProjectedEvent<T>[]): Promise<void>;
}

/**
 * A projection as the runners see it: the same fields, with `apply` taking the
 * stored events and parsing those it handles. Erasing the event types here
 * lets projections of different types share one list without variance casts.
 */
export interface Projection extends Omit<ProjectionDefinition<EventType>, 'handles' | 'apply'> {
  readonly handles: readonly EventType[];
  apply(tx: Queryable, events: readonly RecordedEvent[]): Promise<void>;
}

export function defineProjection<T extends EventType>(definition: ProjectionDefinition<T>): Projection {
  if (!/^[a-z][a-z0-9_]*$/.test(definition.name)) throw new Error(`invalid projection name: ${definition.name}`);
  for (const table of definition.tables) {
    if (!/^[a-z][a-z0-9_]*$/.test(table)) throw new Error(`invalid table name: ${table}`);
  }
  return { ...definition, apply: async (tx, events) => definition.apply(tx, handledEvents(definition.handles, events)) };
}

/** The events of a batch of the given types, parsed; other types are not parsed at all (nor refused). */
export function handledEvents<T extends EventType>(types: readonly T[], events: readonly RecordedEvent[]): ProjectedEvent<T>[] {
  const names: readonly string[] = types;
  const handled: ProjectedEvent<T>[] = [];
  for (const event of events) {
    if (!names.includes(event.type)) continue;
    const parsed = parseRecordedEvent(event);
    if (isOneOf(parsed, types)) handled.push(parsed);
  }
  return handled;
}

/**
 * Applies the events the projection handles to one generation inside the caller's
 * transaction: unqualified table names resolve to the generation's schema while
 * it runs, and to public again afterwards (checkpoints, guards).
 */
export async function applyHandled(tx: Queryable, projection: Projection, schemaName: string, events: readonly RecordedEvent[]): Promise<void> {
  const handles: readonly string[] = projection.handles;
  const handled = events.filter((event) => handles.includes(event.type));
  if (handled.length === 0) return;
  await tx.exec(`SET LOCAL search_path TO ${schemaName}, public`);
  await projection.apply(tx, handled);
  await tx.exec('SET LOCAL search_path TO public');
}
