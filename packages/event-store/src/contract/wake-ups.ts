import { describe, expect, it } from 'vitest';
import type { StoreUnderTest } from './index.js';
import { FEED_TIMEOUT_MS, event, newStream, waitFor } from './helpers.js';

/** What a processor following the feed sleeps on: a hint after appends, never a source of order (readAll is). */
export function wakeUpContract(subject: () => StoreUnderTest): void {
  const store = () => subject().store;

  describe('onAppended', () => {
    it('wakes a listener after an append, and no more once it unsubscribed', async () => {
      let woken = 0;
      const unsubscribe = await store().onAppended(() => woken++);
      try {
        await store().append(newStream(), [event()]);
        await waitFor(() => woken > 0, FEED_TIMEOUT_MS, 'the wake-up');
      } finally {
        await unsubscribe();
      }
      const before = woken;
      await store().append(newStream(), [event()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(woken).toBe(before);
    });
  });
}
