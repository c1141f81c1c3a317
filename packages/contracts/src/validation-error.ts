import type { z } from 'zod';

/** One entry of the spec's 422 body, in FastAPI / pydantic v2 form. */
export interface ValidationErrorItem {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export type RequestPart = 'body' | 'query' | 'path';

/** Custom fields attach the exact pydantic error they mean through issue params. */
export interface PydanticIssueParams {
  pydantic: { type: string; msg: string; ctx?: Record<string, unknown> };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown; parent: unknown } {
  let parent: unknown = undefined;
  let value: unknown = root;
  for (const key of path) {
    parent = value;
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key as string)) return { found: false, value: undefined, parent };
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value, parent };
}

const typeNames: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  number: ['float_type', 'Input should be a valid number'],
  int: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function mapIssue(issue: z.core.$ZodIssue, part: RequestPart, raw: unknown): ValidationErrorItem {
  const loc = [part, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))];
  const at = valueAt(raw, issue.path);
  const custom = (issue as { params?: PydanticIssueParams }).params?.pydantic;
  if (custom) {
    return { loc, msg: custom.msg, type: custom.type, input: at.value, ...(custom.ctx ? { ctx: custom.ctx } : {}) };
  }
  if (!at.found && issue.path.length > 0) return { loc, msg: 'Field required', type: 'missing', input: at.parent ?? {} };
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.path.length === 0 && (issue.expected === 'object' || issue.expected === 'record')) {
        return { loc, msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type', input: at.value };
      }
      const [type, msg] = typeNames[issue.expected] ?? ['value_error', `Input should be a valid ${issue.expected}`];
      return { loc, msg, type, input: at.value };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return { loc, msg: `String should have at least ${plural(min, 'character')}`, type: 'string_too_short', input: at.value, ctx: { min_length: min } };
      }
      if (issue.origin === 'array') {
        return { loc, msg: `List should have at least ${plural(min, 'item')} after validation, not ${(at.value as unknown[]).length}`, type: 'too_short', input: at.value, ctx: { field_type: 'List', min_length: min, actual_length: (at.value as unknown[]).length } };
      }
      return issue.inclusive
        ? { loc, msg: `Input should be greater than or equal to ${min}`, type: 'greater_than_equal', input: at.value, ctx: { ge: min } }
        : { loc, msg: `Input should be greater than ${min}`, type: 'greater_than', input: at.value, ctx: { gt: min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        return { loc, msg: `String should have at most ${plural(max, 'character')}`, type: 'string_too_long', input: at.value, ctx: { max_length: max } };
      }
      if (issue.origin === 'array') {
        return { loc, msg: `List should have at most ${plural(max, 'item')} after validation, not ${(at.value as unknown[]).length}`, type: 'too_long', input: at.value, ctx: { field_type: 'List', max_length: max, actual_length: (at.value as unknown[]).length } };
      }
      return issue.inclusive
        ? { loc, msg: `Input should be less than or equal to ${max}`, type: 'less_than_equal', input: at.value, ctx: { le: max } }
        : { loc, msg: `Input should be less than ${max}`, type: 'less_than', input: at.value, ctx: { lt: max } };
    }
    case 'invalid_value':
      return {
        loc,
        msg: `Input should be ${issue.values.map((v) => `'${String(v)}'`).join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
        type: 'literal_error',
        input: at.value,
        ctx: { expected: issue.values.map((v) => `'${String(v)}'`).join(', ').replace(/, ([^,]*)$/, ' or $1') },
      };
    default:
      return { loc, msg: issue.message, type: 'value_error', input: at.value };
  }
}

/** Maps zod issues to the spec's 422 `detail` list, in order, one entry per issue. */
export function toValidationErrors(error: z.ZodError, part: RequestPart, raw: unknown): ValidationErrorItem[] {
  return error.issues.map((issue) => mapIssue(issue, part, raw));
}

/** Malformed JSON, as FastAPI reports it: loc ['body', byte position]. */
export function jsonInvalid(position: number, reason: string): ValidationErrorItem {
  return { loc: ['body', position], msg: 'JSON decode error', type: 'json_invalid', input: {}, ctx: { error: reason } };
}
