import { randomUUID } from 'node:crypto';
import { ensureTopic, kafkaClient } from '@memctx/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../e2e/processes.js';
import { startOwnBroker, type OwnBroker } from './kafka-broker.js';

// patches/kafkajs@2.2.4.patch: a consumer that crashed while its only broker was away rejoins as the member it
// was, so the coordinator, which reloads the group with that member, does not hold the join until its session
// expires. Without the patch the member id after the restart is a new one and the join takes the whole session.
// The consumer's retries are few, so the outage crashes it for certain: with the service's retry budget a short
// outage is ridden out without a crash (nothing to rejoin), and the test would prove nothing.
const SESSION_TIMEOUT_MS = 10_000;

describe('a kafkajs consumer across its only broker\'s restart', () => {
  let broker: OwnBroker;

  beforeAll(async () => {
    broker = await startOwnBroker();
  }, 180_000);

  afterAll(async () => {
    await broker?.remove();
  });

  it('rejoins its group as the same member, before that member\'s session would have expired', async () => {
    const consumer = kafkaClient({ brokers: broker.brokers, retries: 2 }).consumer({
      groupId: `memctx-member-${randomUUID()}`, sessionTimeout: SESSION_TIMEOUT_MS, heartbeatInterval: 1_000,
    });
    const joins: { memberId: string; at: number }[] = [];
    let crashes = 0;
    consumer.on(consumer.events.CRASH, () => crashes++);
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => joins.push({ memberId: payload.memberId, at: performance.now() }));
    try {
      const topic = `memctx.member.${randomUUID()}`;
      await ensureTopic({ brokers: broker.brokers }, topic, 1);
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({ eachMessage: async () => undefined });
      await until(async () => joins.length > 0, 60_000, 'the first join');

      await broker.stop();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await broker.start();
      const back = performance.now();
      await until(async () => joins.some((join) => join.at > back), 60_000, 'a join after the restart');

      const rejoin = joins.find((join) => join.at > back)!;
      process.stdout.write(`kafka member: rejoined ${((rejoin.at - back) / 1000).toFixed(2)} s after the broker was back, same member: ${rejoin.memberId === joins[0]!.memberId}\n`);
      expect(crashes).toBeGreaterThan(0);
      expect(rejoin.memberId).toBe(joins[0]!.memberId);
      expect(rejoin.at - back).toBeLessThan(SESSION_TIMEOUT_MS);
    } finally {
      await consumer.disconnect().catch(() => undefined);
    }
  }, 300_000);
});
