import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/index.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('createLogger', () => {
  it('writes JSON at the configured level', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ logLevel: 'warn' }, stream);
    logger.info('hidden');
    logger.warn({ thing: 1 }, 'shown');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'shown', thing: 1, name: 'memctx' });
    expect(typeof lines[0]?.time).toBe('string');
  });

  it('redacts the authorization header, credentials and API keys', () => {
    const { lines, stream } = capture();
    const logger = createLogger({ logLevel: 'info' }, stream);
    logger.info({
      req: { headers: { authorization: 'Bearer mcx_secret', 'user-agent': 'test' } },
      body: { credentials: { token: 'drive-secret' } },
      credentials: { password: 'pw' },
      api_key: 'mcx_top',
      created: { api_key: 'mcx_nested' },
    });
    const line = JSON.stringify(lines[0]);
    expect(line).not.toMatch(/mcx_secret|drive-secret|"pw"|mcx_top|mcx_nested/);
    expect(lines[0]).toMatchObject({
      req: { headers: { authorization: '[REDACTED]', 'user-agent': 'test' } },
      body: { credentials: '[REDACTED]' },
    });
  });
});
