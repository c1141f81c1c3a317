/*
 * How long a request waited in front of this process, from the time a load balancer or proxy stamped on it when it
 * arrived there (`X-Request-Start`, as Heroku's router, nginx with `proxy_set_header X-Request-Start "t=${msec}"`, or
 * Apache's `%t` write it). The stamp is read in whatever unit it is written in, told apart by its size: seconds (with
 * a fraction: nginx), milliseconds (Heroku) or microseconds (Apache).
 */
const STAMP = /^\s*(?:t=)?(\d+(?:\.\d+)?)\s*$/;
const MILLISECONDS_FROM = 1e11;
const MICROSECONDS_FROM = 1e14;

/**
 * Milliseconds between the stamp and `now` (epoch milliseconds), or undefined when there is no stamp, it does not
 * parse, or it lies in the future (clocks apart: the request is taken as not having waited).
 */
export function queueWaitMs(header: string | string[] | undefined, now: number): number | undefined {
  const match = typeof header === 'string' ? STAMP.exec(header) : null;
  if (!match) return undefined;
  const value = Number(match[1]);
  const stampMs = value >= MICROSECONDS_FROM ? value / 1000 : value >= MILLISECONDS_FROM ? value : value * 1000;
  const waited = now - stampMs;
  return waited >= 0 ? waited : undefined;
}
