import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '@memctx/event-store';
import { createKafkaEventSource, type EventSource } from '@memctx/kafka';

export interface TopicMessage {
  event: RecordedEvent;
  key: string;
  partition: number;
  offset: string;
}

/**
 * Reads a topic from the beginning with a throw-away consumer group, keeping every message in arrival order per
 * partition. A consumer group delivers at least once (a rebalance delivers a batch again), so a message seen at an
 * offset already read is counted in `redeliveries`, not kept: `messages` is what the topic holds.
 */
export async function readTopic(brokers: readonly string[], topic: string): Promise<{ messages: TopicMessage[]; redeliveries(): number; close(): Promise<void> }> {
  const messages: TopicMessage[] = [];
  const read = new Set<string>();
  let redeliveries = 0;
  const source: EventSource = createKafkaEventSource({ brokers, topic, groupId: `test-reader-${randomUUID()}`, clientId: 'memctx-test-reader' });
  await source.start(async ({ partition, events, keys, offsets }) => {
    events.forEach((event, i) => {
      const at = `${partition}:${offsets[i]!}`;
      if (read.has(at)) {
        redeliveries += 1;
        return;
      }
      read.add(at);
      messages.push({ event, key: keys[i]!, partition, offset: offsets[i]! });
    });
  });
  return { messages, redeliveries: () => redeliveries, close: () => source.stop() };
}

/** First occurrences only, as a consumer reads the topic: where the relay may still write an event twice is in docs/decisions.md, Relay. */
export function dedupe(messages: readonly TopicMessage[]): TopicMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => !seen.has(m.event.event_id) && seen.add(m.event.event_id));
}

/** Every event the store holds, in feed order: what the topic must hold once the relay caught up. */
export async function allEvents(store: EventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (let after = { transaction_id: 0, global_position: 0 }; ;) {
    const page = await store.readAll({ after, maxCount: 5_000 });
    if (page.length === 0) return out;
    out.push(...page);
    after = page[page.length - 1]!;
  }
}
