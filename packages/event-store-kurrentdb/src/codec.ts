import { jsonEvent, type EventData, type RecordedEvent as KurrentRecordedEvent } from '@kurrent/kurrentdb-client';
import type { EventToAppend, JsonObject, RecordedEvent } from '@memctx/event-store';
import { streamPositionOf, toCheckpoint } from './positions.js';

/**
 * KurrentDB has no schema version field, so it rides in the event's metadata
 * under a key our callers do not use ('$' keys are KurrentDB's convention for
 * reserved metadata) and is taken out again on read.
 */
export const SCHEMA_VERSION_KEY = '$schema_version';

export function mergeMetadata(metadata: JsonObject | undefined, schemaVersion: number | undefined): JsonObject {
  return { ...metadata, [SCHEMA_VERSION_KEY]: schemaVersion ?? 1 };
}

export function splitMetadata(stored: unknown): { metadata: JsonObject; schema_version: number } {
  if (!isJsonObject(stored)) return { metadata: {}, schema_version: 1 };
  const { [SCHEMA_VERSION_KEY]: version, ...metadata } = stored;
  return { metadata, schema_version: Number.isSafeInteger(version) && (version as number) > 0 ? (version as number) : 1 };
}

/** System streams and system event types both start with '$' (stats, metadata, projection links...). */
export function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

/** The caller's event id is KurrentDB's event id, so a server-side retry check sees the same id too. */
export function toEventData(event: EventToAppend): EventData {
  return jsonEvent({
    id: event.event_id.toLowerCase(),
    type: event.type,
    data: event.data,
    metadata: mergeMetadata(event.metadata, event.schema_version),
  });
}

export function toRecordedEvent(event: KurrentRecordedEvent): RecordedEvent {
  // Stream reads carry positions since server 22.6; without them no checkpoint can be built.
  if (!event.position) throw new Error(`event ${event.id} came without its $all position: KurrentDB 22.6 or later is required`);
  // Only JSON object events are ours; anything else in the feed is refused loudly rather than handed on half-decoded.
  if (!event.isJson || !isJsonObject(event.data)) {
    throw new Error(`event ${event.id} in stream ${event.streamId} is not a JSON object event: not written by this store`);
  }
  const { transaction_id, global_position } = toCheckpoint(event.position);
  return {
    global_position,
    transaction_id,
    stream_id: event.streamId,
    stream_position: streamPositionOf(event.revision),
    event_id: event.id.toLowerCase(),
    type: event.type,
    ...splitMetadata(event.metadata),
    data: event.data,
    created_at: event.created,
  };
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
