import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@memctx/event-store';
import { fromMessage, HEADERS, kafkaClient } from '@memctx/kafka';

export interface RawMessage {
  key: string;
  partition: number;
  /** The memctx-event-id header as it arrived (undefined when missing), read apart from the value on purpose. */
  eventIdHeader: string | undefined;
  /** The value as it arrived, to look for text that must not be there. */
  value: string;
  event: RecordedEvent;
}

/**
 * Reads a topic from the beginning with a throw-away consumer group, keeping each message's key, headers and
 * raw value: the event source the projectors use hands over parsed events only, and these tests check the wire.
 */
export async function readRawTopic(brokers: readonly string[], topic: string): Promise<{ messages: RawMessage[]; close(): Promise<void> }> {
  const messages: RawMessage[] = [];
  const consumer = kafkaClient({ brokers, clientId: 'memctx-relay-test' }).consumer({ groupId: `relay-test-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.run({
    eachMessage: async ({ partition, message }) => {
      const header = message.headers?.[HEADERS.eventId];
      messages.push({
        key: message.key?.toString() ?? '',
        partition,
        eventIdHeader: header === undefined ? undefined : String(header),
        value: message.value?.toString() ?? '',
        event: fromMessage(message.value, {}),
      });
    },
  });
  await joined;
  return { messages, close: () => consumer.disconnect() };
}

/** How often each event id arrived. */
export function deliveries(messages: readonly RawMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { event } of messages) counts.set(event.event_id, (counts.get(event.event_id) ?? 0) + 1);
  return counts;
}
