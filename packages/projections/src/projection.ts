import type { Queryable } from '@memctx/db';
import type { RecordedEvent } from '@memctx/event-store';

/**
 * A read model built from the event feed. Its tables live in a schema of their
 * own per generation (rm_<name>_g<n>) and are exposed to readers as views in
 * `public`, so a rebuild can fill a new generation while the old one serves
 * reads, and switch over in one transaction.
 */
export interface Projection {
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
  /** Event types this projection reads; others are skipped without a call. */
  readonly handles: readonly string[];
  /**
   * Applies a batch (in feed order) inside the batch transaction, with
   * search_path on the generation's schema. Must be idempotent per event:
   * after a crash the same events may arrive again in a new generation.
   */
  apply(tx: Queryable, events: readonly RecordedEvent[]): Promise<void>;
}

export function defineProjection(projection: Projection): Projection {
  if (!/^[a-z][a-z0-9_]*$/.test(projection.name)) throw new Error(`invalid projection name: ${projection.name}`);
  for (const table of projection.tables) {
    if (!/^[a-z][a-z0-9_]*$/.test(table)) throw new Error(`invalid table name: ${table}`);
  }
  return projection;
}

/**
 * Applies the events the projection handles to one generation inside the caller's
 * transaction: unqualified table names resolve to the generation's schema while
 * it runs, and to public again afterwards (checkpoints, guards).
 */
export async function applyHandled(tx: Queryable, projection: Projection, schemaName: string, events: readonly RecordedEvent[]): Promise<void> {
  const handled = events.filter((event) => projection.handles.includes(event.type));
  if (handled.length === 0) return;
  await tx.exec(`SET LOCAL search_path TO ${schemaName}, public`);
  await projection.apply(tx, handled);
  await tx.exec('SET LOCAL search_path TO public');
}
