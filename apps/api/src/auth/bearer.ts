import type { Request } from 'express';
import { HttpError } from '../http/errors.js';

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
