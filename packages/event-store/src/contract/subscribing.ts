import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../index.js';
import type { StoreUnderTest } from './index.js';
import { FEED_TIMEOUT_MS, event, events, expectStrictlyIncreasing, newStream, waitFor } from './helpers.js';

/** Far longer than any test waits: a delivery inside a test can only come from the wake-up. */
const NEVER_POLL_AGAIN_MS = 600_000;

export function subscribingContract(subject: () => StoreUnderTest): void {
  const store = () => subject().store;

  describe('subscribe', () => {
    it('delivers everything after its checkpoint once, in order, and wakes on append long before its poll interval', async () => {
      const id = newStream();
      const start = await store().head();
      await store().append(id, events(4, 'Before'));
      const received: RecordedEvent[] = [];
      const subscription = store().subscribe({
        after: start,
        batchSize: 3,
        pollIntervalMs: NEVER_POLL_AGAIN_MS,
        onBatch: async (batch) => void received.push(...batch),
      });
      await waitFor(() => received.length === 4, FEED_TIMEOUT_MS, 'the catch-up');

      for (let round = 0; round < 3; round++) {
        // Let the subscription settle into its long wait before appending.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await store().append(id, events(2, `Live${round}`));
        await waitFor(() => received.length === 4 + 2 * (round + 1), FEED_TIMEOUT_MS, `live round ${round}`);
      }
      await subscription.stop();
      await expect(subscription.done).resolves.toBeUndefined();

      expect(received.map((e) => e.stream_position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expectStrictlyIncreasing(received);
    });

    it('stops delivering after stop()', async () => {
      const received: RecordedEvent[] = [];
      const subscription = store().subscribe({ after: await store().head(), pollIntervalMs: 10, onBatch: async (b) => void received.push(...b) });
      await subscription.stop();
      await store().append(newStream(), [event()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([]);
    });

    it('a failing onBatch ends the subscription and surfaces the error through done', async () => {
      const start = await store().head();
      await store().append(newStream(), events(2));
      let calls = 0;
      const subscription = store().subscribe({
        after: start,
        pollIntervalMs: 10,
        onBatch: async () => {
          calls++;
          throw new Error('handler broke');
        },
      });
      await expect(subscription.done).rejects.toThrow('handler broke');
      await store().append(newStream(), [event()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(1);
      await expect(subscription.stop()).resolves.toBeUndefined();
    });
  });
}
