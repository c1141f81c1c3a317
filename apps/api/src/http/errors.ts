import type { ValidationErrorItem } from '@memctx/contracts';
import { dependencyFailure } from '@memctx/shared';
import type { ErrorRequestHandler, RequestHandler } from 'express';

/** An error a handler throws to answer with a status and `{"detail": ...}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (detail = 'Not Found') => new HttpError(404, detail);

/** A 422 found by a route itself (e.g. connector credentials), in the same FastAPI shape as the validator's. */
export class UnprocessableEntityError extends HttpError {
  constructor(readonly items: readonly ValidationErrorItem[]) {
    super(422, items.map((item) => item.msg).join('; '));
  }
}

/** FastAPI's answer for a path nobody serves. */
export const unknownRoute: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not Found' });
};

/** Errors raised by Express and its body reader (http-errors): a 4xx status, maybe a `type`. */
interface ClientError {
  status: number;
  message: string;
  type?: string;
  expose?: boolean;
}

const isClientError = (error: unknown): error is ClientError => {
  const status = (error as ClientError | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

function clientErrorDetail(error: ClientError, bodyLimit: string): string {
  switch (error.type) {
    case 'entity.too.large':
      return `Request body is larger than the limit of ${bodyLimit}`;
    case 'encoding.unsupported':
      return 'Unsupported content encoding';
    case 'request.aborted':
      return 'Request aborted';
    default:
      return error.expose ? error.message : 'Bad Request';
  }
}

/** Seconds a client waits before retrying a request that met a dependency outage (a restart takes a few). */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 2;

/**
 * The last handler: known errors become their status and `{"detail"}`; a dependency that is away (the
 * database restarting, Redis gone) is a 503 with Retry-After, so clients retry it and only it; anything
 * else is a 500 whose body names only the request id, while the log line (written
 * by the request logging from `res.err`) keeps the stack.
 */
export function errorHandler(options: { bodyLimit: string }): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof UnprocessableEntityError) {
      res.status(422).json({ detail: error.items });
      return;
    }
    if (error instanceof HttpError) {
      res.status(error.status).set(error.headers).json({ detail: error.detail });
      return;
    }
    if (isClientError(error)) {
      res.status(error.status).json({ detail: clientErrorDetail(error, options.bodyLimit) });
      return;
    }
    const unavailable = dependencyFailure(error);
    if (unavailable) {
      // Logged (at error level, with its cause) like a 500: an operator should see the outage.
      res.err = unavailable;
      res.status(503).set('Retry-After', String(DEPENDENCY_RETRY_AFTER_SECONDS))
        .json({ detail: `Service temporarily unavailable (${unavailable.dependency}); retry after ${DEPENDENCY_RETRY_AFTER_SECONDS} s` });
      return;
    }
    res.err = error instanceof Error ? error : new Error(String(error));
    res.status(500).json({ detail: 'Internal Server Error', request_id: req.requestId });
  };
}
