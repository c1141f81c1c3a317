import { testRedisUrl } from '@memctx/testing';
import { beforeAll } from 'vitest';
import { createBullmqDocumentQueue, createInProcessDocumentQueue } from '../src/index.js';
import { documentQueueContract } from './queue-contract.js';

const retry = { attempts: 3, backoffMs: 20 };
let redisUrl = '';
beforeAll(async () => {
  redisUrl = await testRedisUrl();
});

documentQueueContract('BullMQ on Redis', () => createBullmqDocumentQueue({ redisUrl, name: `test-${process.pid}-${Math.random().toString(36).slice(2)}`, retry }));
documentQueueContract('in process', () => createInProcessDocumentQueue(retry));
