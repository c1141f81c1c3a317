import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@memctx/event-store';
import { createKafkaEventSource, type EventSource } from '@memctx/kafka';

export interface TopicMessage {
  event: RecordedEvent;
  key: string;
  partition: number;
}

/** Reads a topic from the beginning with a throw-away consumer group, keeping every message in arrival order per partition. */
export async function readTopic(brokers: readonly string[], topic: string): Promise<{ messages: TopicMessage[]; close(): Promise<void> }> {
  const messages: TopicMessage[] = [];
  const source: EventSource = createKafkaEventSource({ brokers, topic, groupId: `test-reader-${randomUUID()}`, clientId: 'memctx-test-reader' });
  await source.start(async ({ partition, events, keys }) => {
    events.forEach((event, i) => messages.push({ event, key: keys[i]!, partition }));
  });
  return { messages, close: () => source.stop() };
}

/** First occurrences only: the relay may publish a batch twice after a crash, never skip one. */
export function dedupe(messages: readonly TopicMessage[]): TopicMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => !seen.has(m.event.event_id) && seen.add(m.event.event_id));
}
