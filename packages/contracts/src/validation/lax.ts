import { z } from 'zod';
import type { PydanticErrorType } from './pydantic-errors.js';

/**
 * pydantic v2 "lax mode" coercions, which FastAPI applies to JSON bodies and to
 * query/path strings alike: an integer field accepts "10" and 10.0 but not "1.5",
 * a boolean accepts "yes"/"off"/1/0. Clients written against the original service
 * rely on these, so the schemas reproduce them instead of zod's own coercion.
 */
export type Coerced<T> = { ok: true; value: T } | { ok: false; type: PydanticErrorType };

// pydantic refuses to parse longer strings as integers (CPython's int() digit limit).
const MAX_INT_STRING_LENGTH = 4300;
const INTEGER_TEXT = /^[+-]?\d+(?:_\d+)*$/;
// "3.0" and "5.00" are integers to pydantic; "4." is not.
const INTEGER_WITH_ZERO_DECIMALS = /^([+-]?\d+(?:_\d+)*)\.0+$/;
const FLOAT_TEXT = /^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?$/;
const NON_FINITE_FLOAT_TEXT = /^[+-]?(?:inf|infinity|nan)$/i;
const TRUE_TEXT = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_TEXT = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

const ok = <T>(value: T): Coerced<T> => ({ ok: true, value });
const fail = <T>(type: PydanticErrorType): Coerced<T> => ({ ok: false, type });

export function coerceInt(value: unknown): Coerced<number> {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail('finite_number');
    return Number.isInteger(value) ? ok(value) : fail('int_from_float');
  }
  if (typeof value === 'boolean') return ok(value ? 1 : 0);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length > MAX_INT_STRING_LENGTH) return fail('int_parsing_size');
    const digits = INTEGER_TEXT.test(text) ? text : INTEGER_WITH_ZERO_DECIMALS.exec(text)?.[1];
    // `+ 0` turns "-0" into 0 rather than -0.
    return digits === undefined ? fail('int_parsing') : ok(Number(digits.replaceAll('_', '')) + 0);
  }
  return fail('int_type');
}

export function coerceBool(value: unknown): Coerced<boolean> {
  if (typeof value === 'boolean') return ok(value);
  if (typeof value === 'number') {
    if (value === 0 || value === 1) return ok(value === 1);
    return Number.isInteger(value) ? fail('bool_parsing') : fail('bool_type');
  }
  if (typeof value === 'string') {
    const text = value.toLowerCase();
    if (TRUE_TEXT.has(text)) return ok(true);
    if (FALSE_TEXT.has(text)) return ok(false);
    return fail('bool_parsing');
  }
  return fail('bool_type');
}

export function coerceNumber(value: unknown): Coerced<number> {
  if (typeof value === 'number') return ok(value);
  if (typeof value === 'boolean') return ok(value ? 1 : 0);
  if (typeof value === 'string') {
    const text = value.trim();
    if (FLOAT_TEXT.test(text)) return ok(Number(text.replaceAll('_', '')));
    if (NON_FINITE_FLOAT_TEXT.test(text)) return ok(Number(text.replace(/inf(inity)?/i, 'Infinity').replace(/nan/i, 'NaN')));
    return fail('float_parsing');
  }
  return fail('float_type');
}

/**
 * Wraps a coercion as a zod preprocess step. A failed coercion becomes a custom
 * issue carrying the pydantic error type; `undefined` passes through untouched so
 * that "missing" and defaults still work.
 */
function coercing<T>(coerce: (value: unknown) => Coerced<T>) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (value === undefined) return value;
    const result = coerce(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.type, input: value, params: { pydantic: result.type } });
    return value;
  };
}

export interface NumberBounds {
  /** greater than or equal */
  ge?: number;
  /** less than or equal */
  le?: number;
  /** greater than */
  gt?: number;
  /** less than */
  lt?: number;
}

function bounded<T extends z.ZodNumber>(schema: T, bounds: NumberBounds): T {
  let result = schema;
  if (bounds.ge !== undefined) result = result.min(bounds.ge) as T;
  if (bounds.gt !== undefined) result = result.gt(bounds.gt) as T;
  if (bounds.le !== undefined) result = result.max(bounds.le) as T;
  if (bounds.lt !== undefined) result = result.lt(bounds.lt) as T;
  return result;
}

/**
 * Every integer a client sends is bounded, so none can overflow a PostgreSQL
 * int4 column or parameter, or date arithmetic, deep in the service; a field
 * that names no bound gets the int4 range.
 */
export const MIN_INT = -(2 ** 31);
export const MAX_INT = 2 ** 31 - 1;
/** Floats get the safe-integer range, so they stay exact and finite. */
export const MAX_NUMBER = Number.MAX_SAFE_INTEGER;

const withDefaults = (bounds: NumberBounds, min: number, max: number): NumberBounds => ({
  ...bounds,
  ...(bounds.ge === undefined && bounds.gt === undefined ? { ge: min } : {}),
  ...(bounds.le === undefined && bounds.lt === undefined ? { le: max } : {}),
});

/** An integer field with pydantic's lax parsing (JSON bodies), in the int4 range unless bounded tighter. */
export function laxInt(bounds: NumberBounds = {}) {
  return z.preprocess(coercing(coerceInt), bounded(z.int(), withDefaults(bounds, MIN_INT, MAX_INT)));
}

/** A boolean field with pydantic's lax parsing (JSON bodies). */
export function laxBool() {
  return z.preprocess(coercing(coerceBool), z.boolean());
}

/** A float field with pydantic's lax parsing (JSON bodies). */
export function laxNumber(bounds: NumberBounds = {}) {
  return z.preprocess(coercing(coerceNumber), bounded(z.number(), withDefaults(bounds, -MAX_NUMBER, MAX_NUMBER)));
}

// Query strings go through the same lax parsing; these names say where a field lives.
/** An integer query parameter: "10" parses, "1.5" and "abc" fail with int_parsing. */
export const queryInt = laxInt;
/** A boolean query parameter: true/false, 1/0, yes/no, on/off, t/f, y/n (any case). */
export const queryBool = laxBool;

/** A string query parameter with optional length bounds. */
export function queryString(bounds: { minLength?: number; maxLength?: number } = {}) {
  let schema = z.string();
  if (bounds.minLength !== undefined) schema = schema.min(bounds.minLength);
  if (bounds.maxLength !== undefined) schema = schema.max(bounds.maxLength);
  return schema;
}
