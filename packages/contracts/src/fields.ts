import { z } from './zod.js';
import type { PydanticIssueParams } from './validation-error.js';

/*
 * Field builders with pydantic v2's lax coercions, so clients see the same
 * acceptance rules and error types a FastAPI service would give them: an int
 * field takes 10, 10.0 and "10" but not "1.5"; a bool takes true/"yes"/1.
 * Strings are never coerced from numbers (pydantic's string_type).
 */
type Ctx = z.core.$RefinementCtx;

function fail(ctx: Ctx, type: string, msg: string, extra?: Record<string, unknown>): never {
  const params: PydanticIssueParams = { pydantic: { type, msg, ...(extra ? { ctx: extra } : {}) } };
  ctx.addIssue({ code: 'custom', message: msg, params });
  return z.NEVER as never;
}

function missing(ctx: Ctx): never {
  return fail(ctx, 'missing', 'Field required');
}

const INT_PATTERN = /^\s*[+-]?\d+\s*$/;

export function laxInt(bounds: { ge?: number; le?: number } = {}) {
  let target = z.number().int();
  if (bounds.ge !== undefined) target = target.min(bounds.ge);
  if (bounds.le !== undefined) target = target.max(bounds.le);
  return z
    .unknown()
    .transform((value, ctx): number => {
      if (value === undefined) return missing(ctx);
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return fail(ctx, 'finite_number', 'Input should be a finite number');
        if (!Number.isInteger(value)) return fail(ctx, 'int_from_float', 'Input should be a valid integer, got a number with a fractional part');
        return value;
      }
      if (typeof value === 'string') {
        if (!INT_PATTERN.test(value)) return fail(ctx, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
        return Number.parseInt(value, 10);
      }
      return fail(ctx, 'int_type', 'Input should be a valid integer');
    })
    .pipe(target)
    .openapi({ type: 'integer', ...(bounds.ge !== undefined ? { minimum: bounds.ge } : {}), ...(bounds.le !== undefined ? { maximum: bounds.le } : {}) });
}

/** Like laxInt, but a value above the maximum is capped rather than refused (the spec's messages `limit`). */
export function cappedInt(bounds: { ge: number; cap: number }) {
  return laxInt({ ge: bounds.ge }).transform((value) => Math.min(value, bounds.cap)).openapi({ type: 'integer', minimum: bounds.ge });
}

const TRUE = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

export function laxBool() {
  return z
    .unknown()
    .transform((value, ctx): boolean => {
      if (value === undefined) return missing(ctx);
      if (typeof value === 'boolean') return value;
      if (value === 0 || value === 1) return value === 1;
      if (typeof value === 'string') {
        const lowered = value.trim().toLowerCase();
        if (TRUE.has(lowered)) return true;
        if (FALSE.has(lowered)) return false;
        return fail(ctx, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input');
      }
      if (typeof value === 'number') return fail(ctx, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input');
      return fail(ctx, 'bool_type', 'Input should be a valid boolean');
    })
    .openapi({ type: 'boolean' });
}

/** A string that must not be blank once trimmed (ids, names). */
export function nonBlank(maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .superRefine((value, ctx) => {
      if (value.trim().length === 0) fail(ctx, 'string_too_short', 'String should have at least 1 character', { min_length: 1 });
    });
}

/** A JSON object of any keys (connector credentials, metadata). */
export function jsonObject() {
  return z.record(z.string(), z.unknown());
}
