import type { RecordedEvent } from '@memctx/event-store';

/**
 * Splits a batch into runs of consecutive events of the same group (by default
 * the type), so each run can be applied with one set-based statement while order
 * across groups holds. Types a projection applies alike (inserts that commute)
 * share a group, so interleaved traffic still makes long runs.
 */
export function runsOf(events: readonly RecordedEvent[], groupOf: (type: string) => string = (type) => type): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  let lastGroup: string | undefined;
  for (const event of events) {
    const group = groupOf(event.type);
    const last = runs[runs.length - 1];
    if (last && group === lastGroup) last.push(event);
    else runs.push([event]);
    lastGroup = group;
  }
  return runs;
}

/** Event data with its feed coordinates, as one JSON row for jsonb_to_recordset. */
export function rowsOf(events: readonly RecordedEvent[]): string {
  return JSON.stringify(
    events.map((event) => ({ ...(event.data as object), stream_position: event.stream_position, global_position: event.global_position })),
  );
}
