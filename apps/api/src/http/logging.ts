import type { Logger } from '@memctx/shared';
import type { Request } from 'express';
import { pinoHttp } from 'pino-http';

/** One structured line per request, with the request id and caller; 5xx lines carry the error with its stack. */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req) => (req as Request).requestId,
    customAttributeKeys: { reqId: 'request_id' },
    quietReqLogger: true,
    // Evaluated again when the response finishes, after authentication has named the caller.
    customProps: (req) => {
      const auth = (req as Request).auth;
      return auth ? { user_id: auth.userId, key_id: auth.keyId } : {};
    },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
  });
}
