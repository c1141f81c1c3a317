import { describe, expect, it } from 'vitest';
import { queueWaitMs } from '../src/http/request-start.js';

const NOW = 1_767_225_600_000; // 2026-01-01T00:00:00Z in milliseconds

describe('queueWaitMs: how long a request waited in front of the process, by its X-Request-Start stamp', () => {
  it.each([
    ['milliseconds (Heroku)', `t=${NOW - 250}`, 250],
    ['milliseconds without t=', `${NOW - 250}`, 250],
    ['seconds with a fraction (nginx ${msec})', `t=${(NOW - 1500) / 1000}`, 1500],
    ['microseconds (Apache %t)', `t=${(NOW - 40) * 1000}`, 40],
  ])('reads %s', (_, header, waited) => {
    expect(queueWaitMs(header, NOW)).toBeCloseTo(waited, 3);
  });

  it.each([
    ['no stamp', undefined],
    ['a repeated header', [`t=${NOW}`, `t=${NOW}`]],
    ['words', 't=soon'],
    ['a negative number', `t=-${NOW}`],
    ['a stamp in the future (clocks apart)', `t=${NOW + 1000}`],
  ])('gives nothing for %s', (_, header) => {
    expect(queueWaitMs(header, NOW)).toBeUndefined();
  });
});
