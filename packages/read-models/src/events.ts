import type { RecordedEvent } from '@memctx/event-store';

/**
 * Splits a batch into runs of consecutive events of the same type, so each run
 * can be applied with one set-based statement while order across types holds.
 */
export function runsOf(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.type === event.type) last.push(event);
    else runs.push([event]);
  }
  return runs;
}

/** Event data with its feed coordinates, as one JSON row for jsonb_to_recordset. */
export function rowsOf(events: readonly RecordedEvent[]): string {
  return JSON.stringify(
    events.map((event) => ({ ...(event.data as object), stream_position: event.stream_position, global_position: event.global_position })),
  );
}
