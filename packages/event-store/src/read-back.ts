import type { EventStore, ReadStreamResult, RecordedEvent } from './types.js';

/** The first step back reads this many events; each next step twice as many, up to MAX_PAGE. */
const FIRST_PAGE = 4;
const MAX_PAGE = 256;

/**
 * A stream's newest events, read back from its end until `stop` holds for one of them (or the stream's start),
 * returned in stream order from that event on, with the version they were read at. For a stream whose state starts
 * over at some event (a source's newest request) or whose answer lies near its end (the outcome of that request):
 * the cost is what comes after that event, not every version before it, whose events may carry whole documents.
 * Steps start small, as the event sought is usually among the last few, and grow, so a long way back takes few
 * reads. Positions are dense and never change, so steps read a moment apart join without a gap; an event appended
 * meanwhile lies past `version` and is left for the caller's optimistic append to find.
 */
export async function readStreamBack(store: EventStore, streamId: string, stop: (event: RecordedEvent) => boolean, firstPage = FIRST_PAGE): Promise<ReadStreamResult> {
  // The first step reads the version with the newest events, in one read.
  const { version, events } = await store.readStream(streamId, { last: firstPage });
  let at = events.findLastIndex(stop);
  for (let end = version - events.length, page = firstPage * 2; at < 0 && end >= 1; end -= page, page = Math.min(page * 2, MAX_PAGE)) {
    const from = Math.max(1, end - page + 1);
    const read = (await store.readStream(streamId, { from, maxCount: end - from + 1 })).events;
    events.unshift(...read);
    at = read.findLastIndex(stop);
  }
  return { version, events: at < 0 ? events : events.slice(at) };
}
