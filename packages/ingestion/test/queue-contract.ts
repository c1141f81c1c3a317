import { describe, expect, it } from 'vitest';
import { PermanentJobError, type DocumentJob, type DocumentQueue } from '../src/index.js';

const job = (requestId: string): DocumentJob => ({ userId: 'u', sourceId: 's', requestId, connectorType: 'filesystem', externalId: 'a.md' });

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What every DocumentQueue must do; run against BullMQ on real Redis and against the in-process queue. */
export function documentQueueContract(name: string, open: () => DocumentQueue): void {
  describe(`document queue contract: ${name}`, () => {
    it('runs a job added twice under the same request id once', async () => {
      const queue = open();
      const runs: string[] = [];
      const worker = await queue.work(async (j) => void runs.push(j.requestId), async () => undefined);
      const id = `once-${Math.random()}`;
      await queue.add(job(id));
      await queue.add(job(id));
      await eventually(() => runs.length >= 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(runs).toEqual([id]);
      await worker.close();
      await queue.close();
    });

    it('retries a failing job until it succeeds', async () => {
      const queue = open();
      let attempts = 0;
      const failures: string[] = [];
      const worker = await queue.work(
        async () => {
          attempts++;
          if (attempts < 3) throw new Error('upstream timed out');
        },
        async (_j, reason) => void failures.push(reason),
      );
      await queue.add(job(`retry-${Math.random()}`));
      await eventually(() => attempts >= 3);
      await new Promise((r) => setTimeout(r, 200));
      expect(attempts).toBe(3);
      expect(failures).toEqual([]);
      await worker.close();
      await queue.close();
    });

    it('reports a permanent failure at once, without retrying', async () => {
      const queue = open();
      let attempts = 0;
      const failures: string[] = [];
      const worker = await queue.work(
        async () => {
          attempts++;
          throw new PermanentJobError('document is not UTF-8 text');
        },
        async (_j, reason) => void failures.push(reason),
      );
      await queue.add(job(`permanent-${Math.random()}`));
      await eventually(() => failures.length === 1);
      expect(attempts).toBe(1);
      expect(failures).toEqual(['document is not UTF-8 text']);
      await worker.close();
      await queue.close();
    });

    it('reports the last error once the retries are used up', async () => {
      const queue = open();
      let attempts = 0;
      const failures: string[] = [];
      const worker = await queue.work(
        async () => {
          attempts++;
          throw new Error(`attempt ${attempts} failed`);
        },
        async (_j, reason) => void failures.push(reason),
      );
      await queue.add(job(`exhausted-${Math.random()}`));
      await eventually(() => failures.length === 1);
      expect(attempts).toBe(3);
      expect(failures).toEqual(['attempt 3 failed']);
      await worker.close();
      await queue.close();
    });
  });
}
