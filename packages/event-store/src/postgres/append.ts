import type { Queryable } from '@memctx/db';
import { WrongExpectedVersionError } from '../errors.js';
import { START, type AppendManyItem, type AppendManyOutcome, type AppendResult } from '../types.js';

interface AppendRow {
  item: number;
  outcome: 'appended' | 'retried' | 'conflict';
  /** The version after the append, of the retried event, or (conflict) the actual one. */
  next_version: number;
  global_position: number | null;
  transaction_id: number | null;
}

/** The function's input: `expected` is 'any', 'stream_exists' or the exact version as text ('0' for no_stream). */
function encode(items: readonly AppendManyItem[]): string {
  return JSON.stringify(
    items.map((item) => ({
      stream_id: item.streamId,
      expected: item.expectedVersion === 'no_stream' ? '0' : String(item.expectedVersion ?? 'any'),
      events: item.events,
    })),
  );
}

function toResult(row: AppendRow): AppendResult {
  if (row.global_position === null || row.transaction_id === null) {
    return { next_expected_version: row.next_version, last_global_position: 0, position: START };
  }
  return {
    next_expected_version: row.next_version,
    last_global_position: row.global_position,
    last_transaction_id: row.transaction_id,
    position: { transaction_id: row.transaction_id, global_position: row.global_position },
  };
}

/**
 * Rounds in which no stream appears twice: memctx_append decides a call's
 * items together, so a later item for the same stream must go in a later call
 * to see the earlier one's events.
 */
export function splitIntoRounds(items: readonly AppendManyItem[]): number[][] {
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const round = seen.get(item.streamId) ?? 0;
    seen.set(item.streamId, round + 1);
    (rounds[round] ??= []).push(index);
  });
  return rounds;
}

/**
 * Appends a batch through memctx_append (migration 0002), one call per round.
 * For each item it skips event ids the stream already holds, compare-and-swaps
 * the stream version, and inserts the rest stamped with the transaction id; a
 * refused item fails alone. One round is atomic on its own; with more, `tx`
 * must be a transaction, and one that has written nothing before: the feed's
 * horizon finds appends by their lock on events, taken before the transaction
 * id (migration 0003). Exported so tests can hold a transaction open.
 */
export async function appendInTransaction(tx: Queryable, items: readonly AppendManyItem[]): Promise<AppendManyOutcome[]> {
  const outcomes: AppendManyOutcome[] = new Array(items.length);
  for (const round of splitIntoRounds(items)) {
    const { rows } = await tx.query<AppendRow>('SELECT * FROM memctx_append($1::jsonb)', [encode(round.map((i) => items[i]!))], {
      prepare: true,
    });
    for (const row of rows) {
      const index = round[row.item]!;
      const item = items[index]!;
      outcomes[index] =
        row.outcome === 'conflict'
          ? { ok: false, error: new WrongExpectedVersionError(item.streamId, item.expectedVersion ?? 'any', row.next_version) }
          : { ok: true, result: toResult(row) };
    }
  }
  return outcomes;
}
