import type { Request, RequestHandler } from 'express';
import { HttpError } from '../http/errors.js';
import { secretsMatch } from '@memctx/shared';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };

/** A 401 that tells the client which scheme to use. */
export const unauthorized = (detail: string) => new HttpError(401, detail, CHALLENGE);

/** The token of an `Authorization: Bearer <token>` header (scheme in any case); throws 401 otherwise. */
export function bearerToken(req: Request): string {
  const header = req.get('authorization');
  if (!header) throw unauthorized('Not authenticated');
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid authentication credentials');
  return match[1];
}

/** Guards a route with one fixed token (the operator's, the metrics scraper's), compared in constant time. */
export function requireBearerToken(expected: string, detail: string): RequestHandler {
  return (req, _res, next) => {
    if (!secretsMatch(bearerToken(req), expected)) throw unauthorized(detail);
    next();
  };
}
