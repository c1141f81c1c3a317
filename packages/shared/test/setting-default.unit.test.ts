import { describe, expect, it } from 'vitest';
import { loadConfig, settingDefault } from '../src/index.js';

describe('settingDefault', () => {
  it('is the value an empty environment loads, for what packages fall back to', () => {
    const config = loadConfig({});
    for (const name of ['projectorBatchSize', 'sipTokenBudget', 'sipVectorDepth', 'embeddingsBatchSize', 'embeddingsTimeoutMs', 'embeddingsRetries',
      'webConnectorTimeoutMs', 'documentMaxBytes', 'parseTimeoutMs', 'parseMaxMemoryMb', 'workerConcurrency', 'jobLockMs', 'queueName'] as const) {
      expect(settingDefault(name), name).toEqual(config[name]);
    }
  });
});
