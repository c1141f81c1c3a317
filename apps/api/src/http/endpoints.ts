import {
  registerEndpoint,
  type AnyEndpoint,
  type EndpointOutput,
  type OpenAPIRegistry,
  type Security,
  type ValidRequest,
} from '@memctx/contracts';
import type { Logger } from '@memctx/shared';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { AuthContext } from '../auth/key-store.js';
import { requireKeyProject, requireScope, type SessionProject } from '../auth/scopes.js';
import { validate, validated } from './validate.js';

export interface EndpointContext<E extends AnyEndpoint> {
  req: Request;
  res: Response;
  /** The caller, on endpoints that need an API key. */
  auth: E['security'] extends 'apiKey' ? AuthContext : undefined;
  log: Logger;
  /** Answers with another status than the contract's success status (e.g. 503 from health). */
  status(code: number): void;
}

export type EndpointHandler<E extends AnyEndpoint> = (
  input: ValidRequest<E['request']>,
  context: EndpointContext<E>,
) => EndpointOutput<E> | Promise<EndpointOutput<E>>;

/** What a route module gets: a way to serve a contract endpoint. */
export interface ApiRoutes {
  endpoint<E extends AnyEndpoint>(contract: E, handler: EndpointHandler<E>): void;
}

/** A group of endpoints, e.g. `createSessionRoutes(deps)`; it closes over what its handlers need. */
export type RouteModule = (routes: ApiRoutes) => void;

export type Guards = Record<Exclude<Security, 'none'>, RequestHandler | undefined>;

/** `/api/v1/sessions/{session_id}` → `/api/v1/sessions/:session_id` */
export const toExpressPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Serves contract endpoints on the app: guard (auth) → the key's scope (403) → validate (422) → the key's project
 * (403) → handler → response checked against the response schema. Each endpoint is also registered in the OpenAPI
 * registry, so the document lists exactly what is served.
 */
export function createEndpointMounter(app: Express, registry: OpenAPIRegistry, guards: Guards, sessionProject?: SessionProject) {
  const methodsByPath = new Map<string, Set<string>>();

  const endpoint = <E extends AnyEndpoint>(contract: E, handler: EndpointHandler<E>) => {
    const guard = contract.security === 'none' ? undefined : guards[contract.security];
    if (contract.security !== 'none' && !guard) throw new Error(`no guard for ${contract.security} (${contract.operationId})`);

    const respond: RequestHandler = async (req, res) => {
      let status = contract.response.status;
      const context = {
        req,
        res,
        auth: req.auth,
        log: req.log,
        status: (code: number) => void (status = code),
      } as EndpointContext<E>;
      const output = await handler(validated(res, contract.request), context);
      if (req.stages) req.handledAt = performance.now();
      if (res.headersSent) return;
      const schema = contract.response.schema;
      if (!schema) {
        res.status(status).end();
        return;
      }
      // Parsing fills the spec's defaults and drops fields the contract does not name.
      res.status(status).json(schema.parse(output));
    };

    const path = toExpressPath(contract.path);
    const keyed = contract.security === 'apiKey';
    const scope = keyed ? [requireScope(contract)] : [];
    const project = keyed ? [requireKeyProject(contract, sessionProject)] : [];
    app[contract.method](path, ...(guard ? [guard] : []), ...scope, validate(contract.request), ...project, respond);
    registerEndpoint(registry, contract);
    const methods = methodsByPath.get(path) ?? new Set<string>();
    methods.add(contract.method.toUpperCase());
    methodsByPath.set(path, methods);
  };

  /** After the last endpoint: a known path with another method answers 405 as FastAPI does. */
  const answerOtherMethods = () => {
    for (const [path, methods] of methodsByPath) {
      const allow = [...methods];
      if (methods.has('GET')) allow.push('HEAD');
      app.all(path, (_req, res) => {
        res.status(405).set('Allow', allow.join(', ')).json({ detail: 'Method Not Allowed' });
      });
    }
  };

  return { routes: { endpoint } satisfies ApiRoutes, answerOtherMethods };
}
