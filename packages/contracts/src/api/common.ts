import { z } from '../zod.js';
import { nonBlank } from '../fields.js';
import { LIMITS } from './limits.js';

export const Id = nonBlank(LIMITS.idLength);
export const NullableId = Id.nullable();

export const ValidationErrorSchema = z
  .object({
    loc: z.array(z.union([z.string(), z.number().int()])),
    msg: z.string(),
    type: z.string(),
    input: z.unknown().optional(),
    ctx: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ValidationError');

export const HTTPValidationError = z.object({ detail: z.array(ValidationErrorSchema) }).openapi('HTTPValidationError');
export const ErrorDetail = z.object({ detail: z.string(), request_id: z.string().optional() }).openapi('ErrorDetail');

export const SessionIdParam = z.object({ session_id: Id });
export const ProjectIdParam = z.object({ project_id: Id });
