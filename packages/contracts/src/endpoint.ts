import type { z } from 'zod';
import type { RequestSchemas } from './validation/request.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call an endpoint: any holder of a user API key, only the operator, or anyone. */
export type Security = 'apiKey' | 'adminToken' | 'none';

/** Error statuses an endpoint documents besides 422, which follows from having request schemas. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/**
 * One HTTP operation, described once: the API validates with these schemas and the
 * OpenAPI document is generated from them, so the two cannot drift apart.
 */
export interface EndpointContract<
  S extends RequestSchemas = RequestSchemas,
  R extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Security = Security,
> {
  method: HttpMethod;
  /** OpenAPI style: `/api/v1/sessions/{session_id}/messages`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  security: A;
  request: S;
  /** `mediaType` defaults to application/json; another one (e.g. JSON Lines) is streamed by its handler. */
  response: { status: number; description: string; schema: R; mediaType?: string };
  errors: readonly ErrorStatus[];
}

export type AnyEndpoint = EndpointContract<RequestSchemas, z.ZodType | undefined, Security>;

/** What a handler returns: the response schema's input, so fields with defaults may be left out. */
export type EndpointOutput<E extends AnyEndpoint> = E['response']['schema'] extends z.ZodType
  ? z.input<E['response']['schema']>
  : void;

// `const` keeps the security literal, so a handler of an 'apiKey' endpoint is typed with a caller.
export function defineEndpoint<const S extends RequestSchemas, R extends z.ZodType | undefined, const A extends Security>(
  endpoint: EndpointContract<S, R, A>,
): EndpointContract<S, R, A> {
  return endpoint;
}
