import { testRedisUrl } from '@memctx/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBullmqDocumentQueue, createInProcessDocumentQueue } from '../src/index.js';
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
