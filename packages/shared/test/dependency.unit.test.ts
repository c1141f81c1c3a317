import { describe, expect, it } from 'vitest';
import { backoffDelay, DependencyUnavailableError, dependencyFailure, retryWithBackoff } from '../src/index.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('dependencyFailure', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5440'), 'database', true],
    ['PostgreSQL starting up', withCode('57P03', 'the database system is starting up'), 'database', true],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect'), 'database', true],
    ['an administrator shutdown', withCode('57P01', 'terminating connection due to administrator command'), 'database', false],
    ['a crash shutdown', withCode('57P02'), 'database', false],
    ['a connection exception (class 08)', withCode('08006'), 'database', true],
    ['a connection that ended', new Error('Connection terminated unexpectedly'), 'database', false],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET'), 'database', false],
    ['Redis without its offline queue', new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'queue', false],
    ['a Kafka connection error', Object.assign(new Error('Connection error'), { name: 'KafkaJSConnectionError' }), 'kafka', false],
    ['a retriable Kafka protocol error', Object.assign(new Error('This server does not host this topic-partition'), { name: 'KafkaJSProtocolError', retriable: true }), 'kafka', false],
  ])('classes %s as its dependency being away', (_what, error, dependency, notSent) => {
    const found = dependencyFailure(error);
    expect(found).toBeInstanceOf(DependencyUnavailableError);
    expect(found).toMatchObject({ dependency, notSent });
    expect(found!.cause).toBe(error);
  });

  it('looks into causes and the errors of an AggregateError (a host with several addresses)', () => {
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '');
    expect(dependencyFailure(aggregate)).toMatchObject({ dependency: 'database', notSent: true });
    expect(dependencyFailure(new Error('wrapped', { cause: withCode('57P01') }))).toMatchObject({ notSent: false });
  });

  it('leaves every other error alone', () => {
    for (const error of [new Error('boom'), withCode('23505', 'duplicate key'), withCode('42P01'), 'text', undefined, null]) {
      expect(dependencyFailure(error)).toBeUndefined();
    }
  });

  it('keeps an error that already is one', () => {
    const error = new DependencyUnavailableError('queue', 'Redis away', true);
    expect(dependencyFailure(error)).toBe(error);
  });
});

describe('backoffDelay', () => {
  it('doubles up to the cap, drawn from the upper half of each step', () => {
    expect([1, 2, 3, 4, 10].map((attempt) => backoffDelay(attempt, { baseMs: 100, capMs: 1_000, random: () => 1 }))).toEqual([100, 200, 400, 800, 1_000]);
    expect([1, 2, 10].map((attempt) => backoffDelay(attempt, { baseMs: 100, capMs: 1_000, random: () => 0 }))).toEqual([50, 100, 500]);
  });
});

describe('retryWithBackoff', () => {
  it('runs the work until it succeeds, reporting each failure', async () => {
    const failures: number[] = [];
    let calls = 0;
    const result = await retryWithBackoff(async () => {
      if (++calls < 3) throw new Error('not yet');
      return 'done';
    }, { baseMs: 1, capMs: 2, onError: (_error, attempt) => failures.push(attempt) });
    expect(result).toBe('done');
    expect(failures).toEqual([1, 2]);
  });

  it('gives up with the last error once stopped', async () => {
    let stopped = false;
    const failing = retryWithBackoff(async () => {
      stopped = true;
      throw new Error('away');
    }, { baseMs: 1, stopped: () => stopped });
    await expect(failing).rejects.toThrow('away');
  });
});
