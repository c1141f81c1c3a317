import type { z } from 'zod';
import {
  expectedValues,
  pydanticError,
  type PydanticErrorType,
  type RequestLocation,
  type ValidationErrorItem,
} from './pydantic-errors.js';
import { mayEcho } from './secrets.js';

type Issue = z.core.$ZodIssue;
type Loc = Array<string | number>;

interface Lookup {
  found: boolean;
  value: unknown;
  parent: unknown;
}

/** Finds the raw (pre-coercion) value an issue points at: pydantic reports what the client sent. */
function lookup(root: unknown, path: readonly PropertyKey[]): Lookup {
  let parent: unknown = undefined;
  let value: unknown = root;
  let found = root !== undefined;
  for (const key of path) {
    parent = value;
    if (parent !== null && typeof parent === 'object' && Object.hasOwn(parent, key as PropertyKey)) {
      value = (parent as Record<PropertyKey, unknown>)[key as PropertyKey];
      found = value !== undefined;
    } else {
      value = undefined;
      found = false;
    }
  }
  return { found, value, parent };
}

const TYPE_ERRORS: Record<string, PydanticErrorType> = {
  string: 'string_type',
  number: 'float_type',
  int: 'int_type',
  boolean: 'bool_type',
  // FastAPI validates models with from_attributes, hence "model_attributes_type" for every object.
  object: 'model_attributes_type',
  record: 'dict_type',
  map: 'dict_type',
  array: 'list_type',
  tuple: 'list_type',
  null: 'none_required',
};

const asNumber = (value: number | bigint) => (typeof value === 'bigint' ? Number(value) : value);

function rangeError(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, actualLength: number): [PydanticErrorType, Record<string, unknown>] {
  const small = issue.code === 'too_small';
  const limit = asNumber(small ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case 'string':
      return small ? ['string_too_short', { min_length: limit }] : ['string_too_long', { max_length: limit }];
    case 'array':
    case 'set':
      return small
        ? ['too_short', { field_type: 'List', min_length: limit, actual_length: actualLength }]
        : ['too_long', { field_type: 'List', max_length: limit, actual_length: actualLength }];
    default:
      if (small) return issue.inclusive === false ? ['greater_than', { gt: limit }] : ['greater_than_equal', { ge: limit }];
      return issue.inclusive === false ? ['less_than', { lt: limit }] : ['less_than_equal', { le: limit }];
  }
}

function mapIssue(issue: Issue, location: RequestLocation, root: unknown, prefix: readonly PropertyKey[]): ValidationErrorItem[] {
  const path = [...prefix, ...issue.path];
  const loc: Loc = [location, ...path.map((key) => (typeof key === 'number' ? key : String(key)))];
  const { found, value, parent } = lookup(root, path);

  switch (issue.code) {
    case 'invalid_type': {
      if (!found) {
        // pydantic gives the enclosing object as the input of a missing body field;
        // FastAPI gives None for a missing parameter or a missing body.
        const input = location === 'body' && path.length > 0 ? parent : null;
        return [pydanticError('missing', loc, input)];
      }
      return [pydanticError(TYPE_ERRORS[issue.expected] ?? 'value_error', loc, value, TYPE_ERRORS[issue.expected] ? undefined : { error: issue.message })];
    }
    case 'too_small':
    case 'too_big': {
      const actualLength = Array.isArray(value) ? value.length : 0;
      const [type, ctx] = rangeError(issue, actualLength);
      return [pydanticError(type, loc, value, ctx)];
    }
    case 'invalid_value': {
      const expected = expectedValues(issue.values);
      return [pydanticError(issue.values.length === 1 ? 'literal_error' : 'enum', loc, value, { expected })];
    }
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern) {
        return [pydanticError('string_pattern_mismatch', loc, value, { pattern: issue.pattern })];
      }
      return [pydanticError('value_error', loc, value, { error: issue.message })];
    case 'not_multiple_of':
      return [pydanticError('multiple_of', loc, value, { multiple_of: issue.divisor })];
    case 'unrecognized_keys':
      return issue.keys.map((key) => pydanticError('extra_forbidden', [...loc, key], lookup(root, [...path, key]).value));
    case 'invalid_union':
      return issue.errors.flatMap((branch) => branch.flatMap((inner) => mapIssue(inner, location, root, path)));
    case 'invalid_key':
    case 'invalid_element':
      return issue.issues.flatMap((inner) => mapIssue(inner, location, root, path));
    case 'custom': {
      const type = issue.params?.pydantic as PydanticErrorType | undefined;
      if (type) return [pydanticError(type, loc, value, issue.params?.ctx as Record<string, unknown> | undefined)];
      return [pydanticError('value_error', loc, value, { error: issue.message })];
    }
    default:
      return [pydanticError('value_error', loc, value, { error: (issue as Issue).message })];
  }
}

/**
 * Translates zod issues into FastAPI's validation errors. `input` is the raw value
 * that was validated at `location` (the decoded body, the query object or the path
 * parameters), so each error can quote exactly what the client sent.
 */
export function validationErrorsFromZod(
  issues: readonly Issue[],
  location: RequestLocation,
  input: unknown,
): ValidationErrorItem[] {
  return issues
    .flatMap((issue) => mapIssue(issue, location, input, []))
    .map((item) => {
      if (!mayEcho(item.loc.slice(1), item.input)) delete item.input;
      return item;
    });
}
