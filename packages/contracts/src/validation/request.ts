import type { z } from 'zod';
import { codePointOffset, parseJson } from './json.js';
import { excessiveNestingAt, MAX_JSON_DEPTH } from './nesting.js';
import { pydanticError, type HTTPValidationErrorBody, type RequestLocation, type ValidationErrorItem } from './pydantic-errors.js';
import { mayEcho } from './secrets.js';
import { findUnstorableStrings } from './storable.js';
import { validationErrorsFromZod } from './zod-issues.js';

/** What the client sent as a body, decided the way FastAPI decides it. */
export type RequestBody =
  | { kind: 'absent' }
  | { kind: 'json'; value: unknown }
  /** A body whose content type is not JSON: FastAPI validates the raw text, so a model body fails with model_attributes_type. */
  | { kind: 'text'; value: string }
  | { kind: 'malformed-json'; error: ValidationErrorItem }
  /** Bytes that are not UTF-8 under a JSON content type. */
  | { kind: 'undecodable' };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** FastAPI parses JSON when there is no content type, or for application/json and application/*+json. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const [type, subtype = ''] = mediaType.split('/');
  return type === 'application' && (subtype === 'json' || subtype.endsWith('+json'));
}

export function readRequestBody(bytes: Uint8Array | undefined, contentType: string | undefined): RequestBody {
  if (!bytes || bytes.length === 0) return { kind: 'absent' };
  if (!isJsonContentType(contentType)) return { kind: 'text', value: lenientUtf8.decode(bytes) };
  let text: string;
  try {
    text = utf8.decode(bytes); // also drops a leading BOM, as Python's json.loads(bytes) does
  } catch {
    return { kind: 'undecodable' };
  }
  const tooDeep = excessiveNestingAt(text);
  if (tooDeep !== undefined) return malformed(codePointOffset(text, tooDeep), `Nesting deeper than ${MAX_JSON_DEPTH} levels`);
  const parsed = parseJson(text);
  if (parsed.ok) return { kind: 'json', value: parsed.value };
  return malformed(parsed.error.position, parsed.error.message);
}

function malformed(position: number, message: string): RequestBody {
  return { kind: 'malformed-json', error: { ...pydanticError('json_invalid', ['body', position], {}), ctx: { error: message } } };
}

/** A 422 item per string that cannot be stored, quoting it unless it is (or sits under) a secret. */
function unstorableErrors(location: RequestLocation, input: unknown): ValidationErrorItem[] {
  return findUnstorableStrings(input).map(({ path, value, reason }) => {
    const item = pydanticError('string_unstorable', [location, ...path], value, { reason });
    if (!mayEcho(path, value)) delete item.input;
    return item;
  });
}

/** Starlette keeps the last value of a repeated query parameter (`?limit=1&limit=2` is 2). */
export function lastQueryValues(query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value.at(-1) : value]),
  );
}

export interface RequestSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ValidRequest<S extends RequestSchemas> {
  params: Parsed<S['params']>;
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
}

export interface RawRequest {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, unknown>>;
  body?: RequestBody;
}

export type RequestRejection =
  | { status: 422; body: HTTPValidationErrorBody }
  | { status: 400; body: { detail: string } };

export type RequestValidation<S extends RequestSchemas> =
  | { ok: true; value: ValidRequest<S> }
  | { ok: false; rejection: RequestRejection };

function bodyInput(body: RequestBody): unknown {
  switch (body.kind) {
    case 'json':
      // FastAPI treats a JSON null body like no body at all.
      return body.value === null ? undefined : body.value;
    case 'text':
      return body.value;
    default:
      return undefined;
  }
}

/**
 * Validates path, query and body in FastAPI's order, collecting every error. A
 * body that is not JSON at all stops validation early, as in FastAPI.
 */
export function validateRequest<S extends RequestSchemas>(schemas: S, request: RawRequest): RequestValidation<S> {
  const body = request.body ?? { kind: 'absent' };
  if (schemas.body && body.kind === 'malformed-json') {
    return { ok: false, rejection: { status: 422, body: { detail: [body.error] } } };
  }
  if (schemas.body && body.kind === 'undecodable') {
    return { ok: false, rejection: { status: 400, body: { detail: 'There was an error parsing the body' } } };
  }

  const errors: ValidationErrorItem[] = [];
  const parse = (schema: z.ZodType | undefined, location: 'path' | 'query' | 'body', input: unknown) => {
    if (!schema) return undefined;
    const result = schema.safeParse(input);
    errors.push(...(result.success ? [] : validationErrorsFromZod(result.error.issues, location, input)), ...unstorableErrors(location, input));
    return result.success ? result.data : undefined;
  };

  const value = {
    params: parse(schemas.params, 'path', request.params ?? {}),
    query: parse(schemas.query, 'query', lastQueryValues(request.query ?? {})),
    body: parse(schemas.body, 'body', bodyInput(body)),
  } as ValidRequest<S>;

  if (errors.length > 0) return { ok: false, rejection: { status: 422, body: { detail: errors } } };
  return { ok: true, value };
}
