import type { Logger } from '@memctx/shared';
import type { Request, RequestHandler } from 'express';
import { stdSerializers, type Level } from 'pino';

function levelOf(statusCode: number, error: Error | undefined): Level {
  if (error || statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  return 'info';
}

const callerOf = (req: Request) => (req.auth ? { user_id: req.auth.userId, key_id: req.auth.keyId } : {});

/**
 * One structured line per request, with the request id and caller; 5xx lines carry the error with its stack.
 * Nothing is built for a line the level leaves out: `req.log` (a child logger bound to the request id and
 * caller) is made on first use, and the request and response are serialised only when the line is written.
 * pino-http did both for every request, even for lines below the level (docs/decisions.md, "Request logging without
 * pino-http").
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ request_id: req.requestId, ...callerOf(req) })),
    });
    // 'close' without 'finish' is a client that went away mid-answer: it gets its line too, once.
    let logged = false;
    const complete = () => {
      if (logged) return;
      logged = true;
      const level = levelOf(res.statusCode, res.err);
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        request_id: req.requestId,
        ...callerOf(req),
        req: stdSerializers.req(req),
        res: stdSerializers.res(res),
        responseTime: Math.round(performance.now() - started),
        ...(res.err ? { err: stdSerializers.err(res.err) } : {}),
      };
      logger[level](line, res.err ? 'request errored' : 'request completed');
    };
    res.once('finish', complete);
    res.once('close', complete);
    next();
  };
}
