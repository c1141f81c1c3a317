import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// A caller's id is reused only if it is short and plain, so it cannot forge log lines.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id if it is acceptable, or a new one. */
export const requestIdFrom = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();

/** Takes the caller's X-Request-Id or makes one, and echoes it on the response. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFrom(req.get(REQUEST_ID_HEADER));
    req.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}
