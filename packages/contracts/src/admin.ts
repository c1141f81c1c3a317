import { z } from 'zod';
import { identifier, timestamp } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { API_KEY_SCOPES, ApiKeyScopes } from './scopes.js';

/** The operator's API for user API keys; every route answers 404 unless MEMCTX_ADMIN_TOKEN is set. */
export const CreateApiKeyRequest = z
  .object({
    user_id: identifier('User'),
    scopes: ApiKeyScopes.default([...API_KEY_SCOPES]),
    project_id: identifier('Project').nullable().default(null).meta({ description: 'Limits the key to this project of the user; null: every project.' }),
  })
  .meta({ id: 'CreateApiKeyRequest' });

/** What a key may do and where; keys made before scopes existed have every scope and no project. */
const access = {
  scopes: ApiKeyScopes,
  project_id: z.string().nullable().meta({ description: 'The project the key is limited to; null: every project.' }),
};

export const CreatedApiKey = z
  .object({
    id: z.string(),
    user_id: z.string(),
    api_key: z.string().meta({ description: 'The secret. Shown only in this response; only its hash is stored.' }),
    ...access,
    created_at: timestamp('Creation time'),
  })
  .meta({ id: 'CreatedApiKey' });

export const ApiKeySummary = z
  .object({
    id: z.string(),
    user_id: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the key, to recognise it.' }),
    ...access,
    created_at: timestamp('Creation time'),
    revoked_at: timestamp('Revocation time').nullable(),
  })
  .meta({ id: 'ApiKeySummary' });

export const ApiKeyListQuery = z.object({ user_id: identifier('User').optional() });
export const ApiKeyListResponse = z.object({ keys: z.array(ApiKeySummary) }).meta({ id: 'ApiKeyListResponse' });
export const ApiKeyParams = z.object({ id: identifier('API key') });

export const createApiKey = defineEndpoint({
  method: 'post',
  path: '/admin/v1/api-keys',
  operationId: 'createApiKey',
  summary: 'Create an API key for a user',
  tags: ['admin'],
  security: 'adminToken',
  request: { body: CreateApiKeyRequest },
  response: { status: 201, description: 'The key, shown once.', schema: CreatedApiKey },
  errors: [401, 404],
});

export const listApiKeys = defineEndpoint({
  method: 'get',
  path: '/admin/v1/api-keys',
  operationId: 'listApiKeys',
  summary: 'List API keys (never their secrets)',
  tags: ['admin'],
  security: 'adminToken',
  request: { query: ApiKeyListQuery },
  response: { status: 200, description: 'The keys, oldest first.', schema: ApiKeyListResponse },
  errors: [401, 404],
});

export const revokeApiKey = defineEndpoint({
  method: 'delete',
  path: '/admin/v1/api-keys/{id}',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key; it fails at once',
  tags: ['admin'],
  security: 'adminToken',
  request: { params: ApiKeyParams },
  response: { status: 204, description: 'Revoked (also when it already was).', schema: undefined },
  errors: [401, 404],
});

export const adminEndpoints = [createApiKey, listApiKeys, revokeApiKey] as const;
