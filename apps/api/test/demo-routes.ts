import { defineEndpoint, laxBool, laxInt, queryBool, queryInt } from '@memctx/contracts';
import { z } from 'zod';
import type { RouteModule } from '../src/index.js';

/** Endpoints that exist only in tests: one of each kind of field, a private one, and one that fails. */
export const demoEndpoint = defineEndpoint({
  method: 'post',
  path: '/api/v1/demo/{item_id}',
  operationId: 'demo',
  summary: 'Echo validated input',
  tags: ['demo'],
  security: 'none',
  request: {
    params: z.object({ item_id: laxInt({ ge: 1 }) }),
    query: z.object({ verbose: queryBool().default(false), limit: queryInt({ ge: 1, le: 10 }).default(5) }),
    body: z.object({
      name: z.string().min(2).max(5),
      count: laxInt({ ge: 1 }),
      flag: laxBool().default(false),
      note: z.string().nullable().default(null),
      meta: z.record(z.string(), z.unknown()).default({}),
    }),
  },
  response: {
    status: 200,
    description: 'The input, parsed.',
    schema: z.object({
      item_id: z.int(),
      verbose: z.boolean(),
      limit: z.int(),
      name: z.string(),
      count: z.int(),
      flag: z.boolean(),
      note: z.string().nullable(),
      defaulted: z.boolean().default(true),
    }),
  },
  errors: [],
});

export const whoamiEndpoint = defineEndpoint({
  method: 'get',
  path: '/api/v1/whoami',
  operationId: 'whoami',
  summary: 'The caller',
  tags: ['demo'],
  security: 'apiKey',
  request: {},
  response: { status: 200, description: 'The caller.', schema: z.object({ user_id: z.string(), key_id: z.string() }) },
  errors: [401],
});

export const boomEndpoint = defineEndpoint({
  method: 'get',
  path: '/api/v1/boom',
  operationId: 'boom',
  summary: 'Always fails',
  tags: ['demo'],
  security: 'none',
  request: {},
  response: { status: 200, description: 'Never.', schema: z.object({}) },
  errors: [],
});

export const demoRoutes: RouteModule = (routes) => {
  routes.endpoint(demoEndpoint, ({ params, query, body }) => ({ ...params, ...query, ...body }));
  routes.endpoint(whoamiEndpoint, (_input, { auth }) => ({ user_id: auth.userId, key_id: auth.keyId }));
  routes.endpoint(boomEndpoint, () => {
    throw new Error('database password is hunter2');
  });
};
