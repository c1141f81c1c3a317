import type { RequestHandler } from 'express';
import { isWellFormedApiKey } from './api-key.js';
import { bearerToken, unauthorized } from './bearer.js';
import type { ApiKeyStore } from './key-store.js';
import { timed } from '../http/stages.js';

export const INVALID_API_KEY = 'Invalid or revoked API key';

/**
 * Guards the user endpoints: a missing, malformed, unknown or revoked key is a 401
 * with `WWW-Authenticate: Bearer`; otherwise `req.auth` names the caller. Unknown
 * and revoked keys get the same answer, so the answer tells nothing about a key.
 */
export function requireApiKey(store: ApiKeyStore): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!isWellFormedApiKey(token)) throw unauthorized(INVALID_API_KEY);
    const auth = await timed(req, 'auth', () => store.authenticate(token));
    if (!auth) throw unauthorized(INVALID_API_KEY);
    // The request's logger, made on first use, binds the caller from here on.
    req.auth = auth;
    next();
  };
}
