import { getHealth, listConnectors } from '@memctx/contracts';
import { OverloadedError, type Logger, type OverloadBound } from '@memctx/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { Counter, Gauge, type Registry } from 'prom-client';
import { MCP_PATH } from '../mcp/routes.js';
import { createAdaptiveLimit } from './adaptive-limit.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';
import { queueWaitMs } from './request-start.js';
import { createWaitingRoom } from './waiting-room.js';

/** Seconds a shed client waits before retrying: the requests in flight are done well within it. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/**
 * Never shed: a probe or a scraper must still reach an overloaded process to see it; the OpenAPI document and the
 * connector catalog are answered from memory; an MCP call does its work through loopback API requests, which are
 * counted (counting the call too could fill the bound with callers waiting on requests it then sheds).
 */
const UNBOUNDED_PATHS: ReadonlySet<string> = new Set([getHealth.path, listConnectors.path, '/api/v1/openapi.json', '/metrics', MCP_PATH]);

const SHED_BODY = JSON.stringify({ detail: `The server is at capacity; retry after ${OVERLOAD_RETRY_AFTER_SECONDS} s` });
const SHED_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(Buffer.byteLength(SHED_BODY)),
  'Retry-After': String(OVERLOAD_RETRY_AFTER_SECONDS),
};

/**
 * Requests past the bound that may wait for a slot, per slot: a burst of a few times the bound waits its turn, and a
 * flood is shed at once instead of holding every socket it opens.
 */
const WAITING_PER_SLOT = 4;

/** How often the shedding is summed up in the log; a line per shed request would cost the CPU the shedding saves. */
const SUMMARY_INTERVAL_MS = 10_000;

export interface AdmissionOptions {
  /** Requests worked on at once; 0 or absent: no bound. */
  maxInFlight?: number;
  /** Past the bound, how long a request may wait for a slot before it is shed; 0 or absent: shed at once. */
  maxWaitMs?: number;
  /** The bound shrinks below `maxInFlight` while requests take more than this many times their usual latency; 0 or absent: it does not. */
  latencyFactor?: number;
  /** A request stamped by a proxy (`X-Request-Start`) as having waited longer than this is shed; 0 or absent: none is. */
  maxQueueMs?: number;
  logger: Logger;
  registry: Registry;
}

/** Lets a request on to the app (`next`), keeps it waiting for a slot, or answers it 503. */
export type Gate = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface Admission {
  /** In front of the app, before Express dispatches the request: a shed request costs as little as it can. */
  gate: Gate;
  /** Mount before the last error handler: a bound met further in (the group commit's queue) is a 503 too. */
  overloaded: ErrorRequestHandler;
}

/**
 * Load shedding: past the bound of requests at once (`maxInFlight`, lower while latency says the process is
 * saturated: adaptive-limit.ts), the next waits for a slot for at most `maxWaitMs` (a burst frees one within
 * milliseconds), then is answered 503 with Retry-After before its body is read. Requests queued beyond what the
 * process completes in time only add their wait to every request behind them and hold their bodies in memory;
 * answered soon, the client can back off or go to another instance, and the accepted requests keep their latency.
 */
export function createAdmission(options: AdmissionOptions): Admission {
  const max = options.maxInFlight ?? 0;
  const maxQueueMs = options.maxQueueMs ?? 0;
  const limit = createAdaptiveLimit({ max, tolerance: options.latencyFactor ?? 0 });
  let inFlight = 0;
  const shedCount = new Counter({
    name: 'memctx_http_shed_total',
    help: 'Requests answered 503 because the process was at a bound (in_flight: requests at once; commit_queue: appends waiting for the group commit; queue_wait: the request waited in front of the process longer than MEMCTX_SHED_QUEUE_MS).',
    labelNames: ['bound'],
    registers: [options.registry],
  });
  // Read when scraped, not kept up to date per request.
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({ name, help, registers: [options.registry], collect() { this.set(read()); } });
  gauge('memctx_http_in_flight', 'Requests being worked on (those MEMCTX_MAX_IN_FLIGHT bounds).', () => inFlight);
  gauge('memctx_http_waiting', 'Requests past the in-flight bound waiting for a slot (at most MEMCTX_ADMISSION_WAIT_MS each).', () => room.size());
  gauge(
    'memctx_http_in_flight_limit',
    'Requests this process works on at once before it sheds: MEMCTX_MAX_IN_FLIGHT, or less while latency is above MEMCTX_SHED_LATENCY_FACTOR × usual.',
    () => limit.current(),
  );

  const unlogged: Record<OverloadBound, number> = { in_flight: 0, commit_queue: 0, queue_wait: 0 };
  let summaryDue = 0;
  function shed(res: ServerResponse, bound: OverloadBound): void {
    shedCount.inc({ bound });
    unlogged[bound]++;
    const now = Date.now();
    if (now >= summaryDue) {
      summaryDue = now + SUMMARY_INTERVAL_MS;
      options.logger.warn({ shed: { ...unlogged }, in_flight_limit: limit.current() }, 'overloaded: requests answered 503');
      for (const bound of Object.keys(unlogged) as OverloadBound[]) unlogged[bound] = 0;
    }
    // Written as it is, without Express's send (an ETag hashed per answer): under overload the CPU a shed answer
    // takes is taken from the accepted requests.
    if (!res.hasHeader(REQUEST_ID_HEADER)) res.setHeader(REQUEST_ID_HEADER, requestIdFrom(res.req.headers['x-request-id']));
    res.writeHead(503, SHED_HEADERS).end(SHED_BODY);
  }

  const maxWaitMs = max > 0 ? options.maxWaitMs ?? 0 : 0;
  interface Waiter { res: ServerResponse; next: () => void }
  const room = createWaitingRoom<Waiter>({ maxWaitMs, capacity: max * WAITING_PER_SLOT, expired: (waiter) => shed(waiter.res, 'in_flight') });

  function admit(res: ServerResponse, next: () => void): void {
    if (++inFlight >= limit.current()) limit.reached();
    const admitted = performance.now();
    // 'close' follows every answer, and a client that went away too: the slot is given back once either way.
    res.once('close', () => {
      inFlight--;
      limit.finished(performance.now() - admitted);
      serveWaiting();
    });
    next();
  }

  function serveWaiting(): void {
    while (inFlight < limit.current()) {
      const waiter = room.next();
      if (!waiter) return;
      admit(waiter.res, waiter.next);
    }
  }

  return {
    gate(req, res, next) {
      if (UNBOUNDED_PATHS.has(pathOf(req))) {
        next();
        return;
      }
      if (maxQueueMs > 0 && (queueWaitMs(req.headers['x-request-start'], Date.now()) ?? 0) > maxQueueMs) {
        shed(res, 'queue_wait');
        return;
      }
      if (max === 0) {
        next();
        return;
      }
      if (inFlight < limit.current() && room.size() === 0) {
        admit(res, next);
        return;
      }
      limit.reached();
      const waiter = { res, next };
      if (maxWaitMs > 0 && room.enter(waiter)) res.once('close', () => room.leave(waiter));
      else shed(res, 'in_flight');
    },
    overloaded(error, _req, res, next) {
      if (!(error instanceof OverloadedError) || res.headersSent) {
        next(error);
        return;
      }
      shed(res, error.bound);
    },
  };
}

const pathOf = (req: IncomingMessage) => {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};
