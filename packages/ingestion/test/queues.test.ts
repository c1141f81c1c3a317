import { testRedisUrl } from '@memctx/testing';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBullmqDocumentQueue, createInProcessDocumentQueue } from '../src/index.js';
import { releaseOrphanedJobs } from '../src/orphaned-jobs.js';
import { documentQueueContract } from './queue-contract.js';

const retry = { attempts: 3, backoffMs: 20 };
let redisUrl = '';
beforeAll(async () => {
  redisUrl = await testRedisUrl();
});

documentQueueContract('BullMQ on Redis', () => createBullmqDocumentQueue({ redisUrl, name: `test-${process.pid}-${Math.random().toString(36).slice(2)}`, retry }));
documentQueueContract('in process', () => createInProcessDocumentQueue(retry));

describe('ping', () => {
  it('answers from Redis, and names the connection error when Redis does not answer', async () => {
    const live = createBullmqDocumentQueue({ redisUrl, name: `ping-${process.pid}` });
    const dead = createBullmqDocumentQueue({ redisUrl: 'redis://127.0.0.1:1', name: `ping-${process.pid}` });
    try {
      await expect.poll(() => live.ping().catch((error: Error) => error.message), { timeout: 5_000 }).toBe('redis answered PING');
      await expect.poll(() => dead.ping().then(() => 'answered', (error: Error) => error.message), { timeout: 5_000 }).toMatch(/ECONNREFUSED/);
    } finally {
      await Promise.all([live.close(), dead.close()]);
    }
  });

  it('is always answered by the in-process queue', async () => {
    const queue = createInProcessDocumentQueue();
    await expect(queue.ping()).resolves.toBe('in-process');
    await queue.close();
  });
});

describe('releaseOrphanedJobs', () => {
  it("puts back in the wait list a job under this worker's lock that nothing runs, and leaves running or foreign ones alone", async () => {
    const name = `orphans-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(name, { connection: redis });
    // Workers that never run a processor: each job fetched by hand is what a fetch whose reply Redis never sent
    // leaves behind, a job in `active` under a live lock.
    const mine = new Worker(name, null, { connection: redis, autorun: false });
    const other = new Worker(name, null, { connection: redis, autorun: false });
    try {
      for (const id of ['orphan', 'running', 'foreign']) await queue.add('document', { id }, { jobId: id });
      const orphan = await mine.getNextJob(`${mine.id}:0`);
      const running = await mine.getNextJob(`${mine.id}:1`);
      const foreign = await other.getNextJob(`${other.id}:0`);
      expect([orphan?.id, running?.id, foreign?.id]).toEqual(['orphan', 'running', 'foreign']);

      const released = await releaseOrphanedJobs({ queue, redis, workerId: mine.id, running: new Set(['running']), settleMs: 50 });

      expect(released).toEqual(['orphan']);
      expect(await Promise.all(['orphan', 'running', 'foreign'].map((id) => queue.getJobState(id)))).toEqual(['waiting', 'active', 'active']);
    } finally {
      await Promise.all([mine.close(true), other.close(true)]);
      await queue.obliterate({ force: true });
      await queue.close();
      redis.disconnect();
    }
  });
});
