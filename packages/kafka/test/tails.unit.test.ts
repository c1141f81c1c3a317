import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@memctx/event-store';
import { alreadyOnTopic, NO_TAILS, partitionOf, pastTails, type TopicTails } from '@memctx/kafka';

const at = (transaction_id: number, global_position: number): RecordedEvent => ({
  global_position, transaction_id, stream_id: 'session-x:s1', stream_position: 1, event_id: `e${global_position}`, type: 'RoundIngested',
  schema_version: 1, data: {}, metadata: {}, created_at: new Date('2026-11-28T10:00:00.000Z'),
});
const users = ['alice', 'bob', 'carol', 'dan', 'erin', 'frank', 'grace', 'heidi'];

describe('topic tails', () => {
  it('puts a key on one partition of those there are, the same every time', () => {
    for (const user of users) {
      expect(partitionOf(user, 4)).toBe(partitionOf(user, 4));
      expect(partitionOf(user, 4)).toBeGreaterThanOrEqual(0);
      expect(partitionOf(user, 4)).toBeLessThan(4);
    }
    expect(new Set(users.map((user) => partitionOf(user, 4))).size).toBeGreaterThan(1);
  });

  it('given a partition whose last message is at a position, then an event of that partition at or before it is on the topic, one after is not', () => {
    const [alice] = users;
    const other = users.find((user) => partitionOf(user, 4) !== partitionOf(alice!, 4))!;
    const tails: TopicTails = { partitions: 4, last: new Map([[partitionOf(alice!, 4), { transaction_id: 7, global_position: 10 }]]) };
    expect(alreadyOnTopic(tails, at(7, 10), alice!)).toBe(true);
    expect(alreadyOnTopic(tails, at(6, 12), alice!)).toBe(true);
    expect(alreadyOnTopic(tails, at(7, 11), alice!)).toBe(false);
    expect(alreadyOnTopic(tails, at(8, 9), alice!)).toBe(false);
    expect(alreadyOnTopic(tails, at(7, 9), other)).toBe(false);
    expect(alreadyOnTopic(NO_TAILS, at(1, 1), alice!)).toBe(false);
  });

  it('is passed once an event lies after every partition\'s last message', () => {
    const tails: TopicTails = { partitions: 2, last: new Map([[0, { transaction_id: 3, global_position: 5 }], [1, { transaction_id: 4, global_position: 8 }]]) };
    expect(pastTails(tails, at(4, 8))).toBe(false);
    expect(pastTails(tails, at(4, 9))).toBe(true);
    expect(pastTails(NO_TAILS, at(1, 1))).toBe(true);
  });
});
