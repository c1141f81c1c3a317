import { createApiKey, listApiKeys, revokeApiKey } from '@memctx/contracts';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors.js';
import type { RouteModule } from '../http/endpoints.js';
import { requireBearerToken } from './bearer.js';
import type { ApiKeyRecord, ApiKeyStore } from './key-store.js';

/**
 * Guards the admin API with the operator token. Its answers carry new API keys,
 * so no cache (browser, proxy) may keep any of them.
 */
export function requireAdminToken(adminToken: string): RequestHandler {
  const guard = requireBearerToken(adminToken, 'Invalid admin token');
  return (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    guard(req, res, next);
  };
}

const summary = (record: ApiKeyRecord) => ({
  id: record.id,
  user_id: record.userId,
  prefix: record.prefix,
  created_at: record.createdAt.toISOString(),
  revoked_at: record.revokedAt?.toISOString() ?? null,
  scopes: [...record.scopes],
  project_id: record.projectId,
});

/** POST/GET /admin/v1/api-keys and DELETE /admin/v1/api-keys/{id}. */
export function adminRoutes(store: ApiKeyStore): RouteModule {
  return (routes) => {
    routes.endpoint(createApiKey, async ({ body }, { log }) => {
      const { record, apiKey } = await store.create(body.user_id, { scopes: body.scopes, projectId: body.project_id });
      log.info({ key_id: record.id, user_id: record.userId, scopes: record.scopes, project_id: record.projectId }, 'API key created');
      const { revoked_at: _revoked, prefix: _prefix, ...created } = summary(record);
      return { ...created, api_key: apiKey };
    });

    routes.endpoint(listApiKeys, async ({ query }) => ({
      keys: (await store.list({ userId: query.user_id })).map(summary),
    }));

    routes.endpoint(revokeApiKey, async ({ params }, { log }) => {
      if (!(await store.revoke(params.id))) throw new HttpError(404, 'API key not found');
      log.info({ key_id: params.id }, 'API key revoked');
    });
  };
}
