import { z } from 'zod';

/**
 * Field building blocks shared by the endpoint schemas. Where the spec shows no
 * bound, these are chosen to protect the service (a decision for docs/decisions.md).
 */
export const MAX_ID_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 100_000;
export const MAX_QUERY_LENGTH = 10_000;

/**
 * The one form of an id, wherever it arrives (body, path, query, MCP): Unicode NFC, without leading or trailing
 * white space, U+FEFF (a byte order mark) included. Every form of an id is then one id: a stream, a session key,
 * a read-model row. Without it `"\ufeffx"` was stored as itself but read back from PGlite as `"x"` (its text
 * decoder drops a leading BOM), so the session's key was never found under the id it was made for.
 */
export const normalizeId = (id: string): string => id.normalize('NFC').trim();

export const identifier = (what: string) =>
  z.string().overwrite(normalizeId).min(1).max(MAX_ID_LENGTH).meta({
    description: `${what} identifier (1 to ${MAX_ID_LENGTH} characters): taken in Unicode NFC without leading or trailing white space or byte order mark`,
  });

export const timestamp = (what: string) =>
  z.string().meta({ description: `${what}: ISO 8601 in UTC, e.g. 2026-01-31T12:00:00.000Z`, example: '2026-01-31T12:00:00.000Z' });

export const count = (what: string) => z.int().min(0).meta({ description: what });

/** A free-form JSON object (the spec does not show its keys). */
export const JsonObject = z.record(z.string(), z.unknown());

export const ErrorResponse = z
  .object({ detail: z.string() })
  .meta({ id: 'ErrorResponse', description: 'An error that is not a validation error.' });

export const InternalErrorResponse = z
  .object({
    detail: z.literal('Internal Server Error'),
    request_id: z.string().meta({ description: 'Quote it when reporting the problem; the server log has the details.' }),
  })
  .meta({ id: 'InternalErrorResponse' });

export const ValidationError = z
  .object({
    loc: z.array(z.union([z.string(), z.int()])),
    msg: z.string(),
    type: z.string(),
    input: z.unknown().optional(),
    ctx: JsonObject.optional(),
  })
  .meta({ id: 'ValidationError' });

export const HTTPValidationError = z
  .object({ detail: z.array(ValidationError) })
  .meta({ id: 'HTTPValidationError' });
