/**
 * The validation-error shape and wording of FastAPI on pydantic v2, which the
 * interface spec inherits: clients match on `type`, show `msg`, and point at `loc`.
 */
export type RequestLocation = 'body' | 'query' | 'path';

export interface ValidationErrorItem {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export interface HTTPValidationErrorBody {
  detail: ValidationErrorItem[];
}

type Context = Record<string, unknown>;

const plural = (count: unknown) => (count === 1 ? '' : 's');

/** pydantic-core's message templates for the error types this service can produce. */
const MESSAGES = {
  missing: () => 'Field required',
  string_type: () => 'Input should be a valid string',
  int_type: () => 'Input should be a valid integer',
  int_parsing: () => 'Input should be a valid integer, unable to parse string as an integer',
  int_parsing_size: () => 'Unable to parse input string as an integer, exceeded maximum size',
  int_from_float: () => 'Input should be a valid integer, got a number with a fractional part',
  float_type: () => 'Input should be a valid number',
  float_parsing: () => 'Input should be a valid number, unable to parse string as a number',
  finite_number: () => 'Input should be a finite number',
  bool_type: () => 'Input should be a valid boolean',
  bool_parsing: () => 'Input should be a valid boolean, unable to interpret input',
  list_type: () => 'Input should be a valid list',
  dict_type: () => 'Input should be a valid dictionary',
  model_attributes_type: () => 'Input should be a valid dictionary or object to extract fields from',
  none_required: () => 'Input should be None',
  greater_than: (ctx: Context) => `Input should be greater than ${String(ctx.gt)}`,
  greater_than_equal: (ctx: Context) => `Input should be greater than or equal to ${String(ctx.ge)}`,
  less_than: (ctx: Context) => `Input should be less than ${String(ctx.lt)}`,
  less_than_equal: (ctx: Context) => `Input should be less than or equal to ${String(ctx.le)}`,
  multiple_of: (ctx: Context) => `Input should be a multiple of ${String(ctx.multiple_of)}`,
  string_too_short: (ctx: Context) =>
    `String should have at least ${String(ctx.min_length)} character${plural(ctx.min_length)}`,
  string_too_long: (ctx: Context) =>
    `String should have at most ${String(ctx.max_length)} character${plural(ctx.max_length)}`,
  string_pattern_mismatch: (ctx: Context) => `String should match pattern '${String(ctx.pattern)}'`,
  too_short: (ctx: Context) =>
    `${String(ctx.field_type)} should have at least ${String(ctx.min_length)} item${plural(ctx.min_length)} after validation, not ${String(ctx.actual_length)}`,
  too_long: (ctx: Context) =>
    `${String(ctx.field_type)} should have at most ${String(ctx.max_length)} item${plural(ctx.max_length)} after validation, not ${String(ctx.actual_length)}`,
  enum: (ctx: Context) => `Input should be ${String(ctx.expected)}`,
  literal_error: (ctx: Context) => `Input should be ${String(ctx.expected)}`,
  extra_forbidden: () => 'Extra inputs are not permitted',
  value_error: (ctx: Context) => `Value error, ${String(ctx.error)}`,
  json_invalid: () => 'JSON decode error',
  // Not pydantic's: PostgreSQL refuses these strings (see storable.ts), so they are refused up front.
  string_unstorable: (ctx: Context) => `String cannot be stored: it contains ${String(ctx.reason)}`,
} satisfies Record<string, (ctx: Context) => string>;

export type PydanticErrorType = keyof typeof MESSAGES;

/** Builds one error item with pydantic's message for `type`; `ctx` is included only when the type has one. */
export function pydanticError(
  type: PydanticErrorType,
  loc: Array<string | number>,
  input: unknown,
  ctx?: Context,
): ValidationErrorItem {
  const item: ValidationErrorItem = { type, loc, msg: MESSAGES[type](ctx ?? {}), input: input ?? null };
  if (ctx) item.ctx = ctx;
  return item;
}

/** Python's repr of a literal, as pydantic prints expected values: 'a', 1, True, None. */
export function pythonRepr(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  return String(value);
}

/** "'a'", "'a' or 'b'", "'a', 'b' or 'c'": pydantic's list of expected values. */
export function expectedValues(values: readonly unknown[]): string {
  const shown = values.map(pythonRepr);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}
