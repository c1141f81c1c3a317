import { readRequestBody, validateRequest, type RequestBody, type RequestSchemas, type ValidRequest } from '@memctx/contracts';
import type { Request, RequestHandler, Response } from 'express';

/** The app reads every body as raw bytes; decoding is left to the route, as FastAPI only decodes for routes with a body. */
function requestBodyOf(req: Request): RequestBody {
  const body: unknown = req.body;
  if (body === undefined) return { kind: 'absent' };
  if (Buffer.isBuffer(body)) return readRequestBody(body, req.get('content-type'));
  return { kind: 'json', value: body };
}

/**
 * Validates path, query and body against zod schemas and answers 422 in FastAPI's
 * shape; on success the parsed input is available through `validated(res, schemas)`.
 */
export function validate<S extends RequestSchemas>(schemas: S): RequestHandler {
  return (req, res, next) => {
    const result = validateRequest(schemas, {
      params: req.params as Record<string, string>,
      query: req.query as Record<string, unknown>,
      body: schemas.body ? requestBodyOf(req) : undefined,
    });
    if (!result.ok) {
      res.status(result.rejection.status).json(result.rejection.body);
      return;
    }
    res.locals.validated = result.value;
    next();
  };
}

/** The input `validate(schemas)` parsed; pass the same schemas so the types follow. */
export function validated<S extends RequestSchemas>(res: Response, _schemas: S): ValidRequest<S> {
  return res.locals.validated as ValidRequest<S>;
}
