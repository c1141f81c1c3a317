import { StreamNotFoundError, type KurrentDBClient, type ReadStreamOptions } from '@kurrent/kurrentdb-client';
import type { RecordedEvent } from '@memctx/event-store';
import { toRecordedEvent } from './codec.js';

/** Events of one stream; a stream that does not exist simply has none. */
export async function readEvents(client: KurrentDBClient, streamId: string, options: ReadStreamOptions): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    for await (const { event } of client.readStream(streamId, options)) if (event) events.push(toRecordedEvent(event));
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
  return events;
}
