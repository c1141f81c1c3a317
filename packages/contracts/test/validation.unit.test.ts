import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActivityQuery,
  JsonObject,
  MemoryIngestRequest,
  SessionMessagesQuery,
  SessionParams,
  SipBuildRequest,
  laxBool,
  laxInt,
  laxNumber,
  queryBool,
  queryString,
  validateRequest,
  type RequestBody,
  type RequestSchemas,
} from '../src/index.js';

// Expected values below are pydantic 2.13's own output (errors(include_url=False)) for
// equivalent models, with FastAPI's location prefix; see the comments for FastAPI-only cases.

const json = (value: unknown): RequestBody => ({ kind: 'json', value });

function detail(schemas: RequestSchemas, request: Parameters<typeof validateRequest>[1]) {
  const result = validateRequest(schemas, request);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value)}`);
  expect(result.rejection.status).toBe(422);
  return (result.rejection.body as { detail: unknown[] }).detail;
}

function bodyErrors(schema: z.ZodType, value: unknown) {
  return detail({ body: schema }, { body: json(value) });
}

function accepted<S extends RequestSchemas>(schemas: S, request: Parameters<typeof validateRequest>[1]) {
  const result = validateRequest(schemas, request);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.rejection.body)}`);
  return result.value;
}

const ingest = (fields: Record<string, unknown>) => ({ user_message: 'u', assistant_message: '', session_id: 's', ...fields });

describe('missing fields', () => {
  it('quotes the enclosing object as the input of a missing body field', () => {
    expect(bodyErrors(MemoryIngestRequest, { user_message: 'hi' })).toEqual([
      { type: 'missing', loc: ['body', 'assistant_message'], msg: 'Field required', input: { user_message: 'hi' } },
      { type: 'missing', loc: ['body', 'session_id'], msg: 'Field required', input: { user_message: 'hi' } },
    ]);
  });

  it('reports a missing body at loc ["body"] with input null (FastAPI)', () => {
    expect(detail({ body: MemoryIngestRequest }, { body: { kind: 'absent' } })).toEqual([
      { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
    ]);
  });

  it('treats a JSON null body like no body (FastAPI)', () => {
    expect(bodyErrors(MemoryIngestRequest, null)).toEqual([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  });

  it('reports a missing query parameter with input null (FastAPI)', () => {
    expect(detail({ query: z.object({ q: queryString() }) }, { query: {} })).toEqual([
      { type: 'missing', loc: ['query', 'q'], msg: 'Field required', input: null },
    ]);
  });

  it('quotes the nested object for a missing nested field', () => {
    const schema = z.object({ item: z.object({ name: z.string() }).nullable().default(null) });
    expect(bodyErrors(schema, { item: {} })).toEqual([{ type: 'missing', loc: ['body', 'item', 'name'], msg: 'Field required', input: {} }]);
  });
});

describe('type errors', () => {
  it('never coerces numbers, null or booleans to strings', () => {
    expect(bodyErrors(MemoryIngestRequest, { user_message: 5, assistant_message: null, session_id: true })).toEqual([
      { type: 'string_type', loc: ['body', 'user_message'], msg: 'Input should be a valid string', input: 5 },
      { type: 'string_type', loc: ['body', 'assistant_message'], msg: 'Input should be a valid string', input: null },
      { type: 'string_type', loc: ['body', 'session_id'], msg: 'Input should be a valid string', input: true },
    ]);
  });

  it('reports the inner type error of a nullable field', () => {
    expect(bodyErrors(SipBuildRequest, { project_id: 5, query: { a: 1 } })).toEqual([
      { type: 'string_type', loc: ['body', 'project_id'], msg: 'Input should be a valid string', input: 5 },
      { type: 'string_type', loc: ['body', 'query'], msg: 'Input should be a valid string', input: { a: 1 } },
    ]);
  });

  it('reports a body that is not an object', () => {
    const expected = (input: unknown) => [
      { type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input },
    ];
    expect(bodyErrors(MemoryIngestRequest, [1, 2])).toEqual(expected([1, 2]));
    expect(bodyErrors(MemoryIngestRequest, 'hello')).toEqual(expected('hello'));
    // A non-JSON content type: FastAPI validates the raw text against the model.
    expect(detail({ body: MemoryIngestRequest }, { body: { kind: 'text', value: 'hello' } })).toEqual(expected('hello'));
  });

  it('reports lists, dictionaries, nested models and list items', () => {
    const schema = z.object({
      tags: z.array(z.string()).default([]),
      item: z.object({ name: z.string() }).nullable().default(null),
      meta: JsonObject.default({}),
    });
    expect(bodyErrors(schema, { tags: 'notalist', item: 'x', meta: 'y' })).toEqual([
      { type: 'list_type', loc: ['body', 'tags'], msg: 'Input should be a valid list', input: 'notalist' },
      { type: 'model_attributes_type', loc: ['body', 'item'], msg: 'Input should be a valid dictionary or object to extract fields from', input: 'x' },
      { type: 'dict_type', loc: ['body', 'meta'], msg: 'Input should be a valid dictionary', input: 'y' },
    ]);
    expect(bodyErrors(schema, { tags: [1, 'ok'] })).toEqual([
      { type: 'string_type', loc: ['body', 'tags', 0], msg: 'Input should be a valid string', input: 1 },
    ]);
  });
});

describe('integers', () => {
  const errorFor = (value: unknown) => bodyErrors(MemoryIngestRequest, ingest({ response_time_ms: value }));
  const parsed = (value: unknown) => accepted({ body: MemoryIngestRequest }, { body: json(ingest({ response_time_ms: value })) }).body.response_time_ms;

  it('parses what pydantic parses', () => {
    const inputs = ['12', ' 7 ', '1_000', '+5', '3.0', '5.00', '-0', 2.0, true, false, '\t9\n', '00012', '1_000.0'];
    expect(inputs.map(parsed)).toEqual([12, 7, 1000, 5, 3, 5, 0, 2, 1, 0, 9, 12, 1000]);
  });

  it.each(['1.5', 'abc', '', ' ', '1e3', '0x10', '1__0', '_1', '4.', '١٢'])('rejects %j with int_parsing', (value) => {
    expect(errorFor(value)).toEqual([
      { type: 'int_parsing', loc: ['body', 'response_time_ms'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: value },
    ]);
  });

  it('rejects a fractional number with int_from_float and a list with int_type', () => {
    expect(errorFor(1.5)).toEqual([
      { type: 'int_from_float', loc: ['body', 'response_time_ms'], msg: 'Input should be a valid integer, got a number with a fractional part', input: 1.5 },
    ]);
    expect(errorFor([])).toEqual([{ type: 'int_type', loc: ['body', 'response_time_ms'], msg: 'Input should be a valid integer', input: [] }]);
  });

  it('reports bounds with their ctx', () => {
    expect(errorFor(-1)).toEqual([
      { type: 'greater_than_equal', loc: ['body', 'response_time_ms'], msg: 'Input should be greater than or equal to 0', input: -1, ctx: { ge: 0 } },
    ]);
    const schema = z.object({ count: laxInt({ ge: 1, le: 10 }), ratio: laxNumber({ gt: 0, lt: 1 }).default(0.5) });
    expect(bodyErrors(schema, { count: 11, ratio: 0 })).toEqual([
      { type: 'less_than_equal', loc: ['body', 'count'], msg: 'Input should be less than or equal to 10', input: 11, ctx: { le: 10 } },
      { type: 'greater_than', loc: ['body', 'ratio'], msg: 'Input should be greater than 0', input: 0, ctx: { gt: 0 } },
    ]);
    expect(bodyErrors(schema, { count: 0, ratio: 1 })).toEqual([
      { type: 'greater_than_equal', loc: ['body', 'count'], msg: 'Input should be greater than or equal to 1', input: 0, ctx: { ge: 1 } },
      { type: 'less_than', loc: ['body', 'ratio'], msg: 'Input should be less than 1', input: 1, ctx: { lt: 1 } },
    ]);
  });

  it('quotes the raw string, not the parsed number, in a bound error', () => {
    expect(detail({ query: ActivityQuery }, { query: { limit: '51' } })).toEqual([
      { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 50', input: '51', ctx: { le: 50 } },
    ]);
  });
});

describe('numbers', () => {
  const schema = z.object({ ratio: laxNumber() });
  it('parses numeric strings and rejects others', () => {
    expect(accepted({ body: schema }, { body: json({ ratio: ' 0.25 ' }) }).body.ratio).toBe(0.25);
    expect(bodyErrors(schema, { ratio: 'abc' })).toEqual([
      { type: 'float_parsing', loc: ['body', 'ratio'], msg: 'Input should be a valid number, unable to parse string as a number', input: 'abc' },
    ]);
    expect(bodyErrors(schema, { ratio: [] })).toEqual([{ type: 'float_type', loc: ['body', 'ratio'], msg: 'Input should be a valid number', input: [] }]);
  });
});

describe('booleans', () => {
  const parsed = (value: unknown) => accepted({ body: SipBuildRequest }, { body: json({ include_global: value }) }).body.include_global;
  const parsing = (input: unknown) => [
    { type: 'bool_parsing', loc: ['body', 'include_global'], msg: 'Input should be a valid boolean, unable to interpret input', input },
  ];
  const typeError = (input: unknown) => [{ type: 'bool_type', loc: ['body', 'include_global'], msg: 'Input should be a valid boolean', input }];

  it('accepts what pydantic accepts', () => {
    const inputs = ['yes', 'off', 'ON', 'T', 'n', '1', '0', 1, 0, 1.0, false, 'TRUE', 'y', 'f'];
    expect(inputs.map(parsed)).toEqual([true, false, true, true, false, true, false, true, false, true, false, true, true, false]);
  });

  it.each(['maybe', ' yes', 'yes ', '2', 'tru'])('rejects %j with bool_parsing', (value) => {
    expect(bodyErrors(SipBuildRequest, { include_global: value })).toEqual(parsing(value));
  });

  it('rejects other numbers with bool_parsing, fractions and lists with bool_type', () => {
    expect(bodyErrors(SipBuildRequest, { include_global: 2 })).toEqual(parsing(2));
    expect(bodyErrors(SipBuildRequest, { include_global: 0.5 })).toEqual(typeError(0.5));
    expect(bodyErrors(SipBuildRequest, { include_global: [] })).toEqual(typeError([]));
  });

  it('parses query booleans the same way', () => {
    const query = z.object({ flag: queryBool().default(false) });
    expect(accepted({ query }, { query: { flag: 'on' } }).query.flag).toBe(true);
    expect(detail({ query }, { query: { flag: 'nah' } })).toEqual([
      { type: 'bool_parsing', loc: ['query', 'flag'], msg: 'Input should be a valid boolean, unable to interpret input', input: 'nah' },
    ]);
  });
});

describe('string and list lengths', () => {
  it('reports string_too_short and string_too_long with pydantic wording', () => {
    expect(bodyErrors(MemoryIngestRequest, ingest({ user_message: '', session_id: 'x'.repeat(201), project_id: '' }))).toEqual([
      { type: 'string_too_short', loc: ['body', 'user_message'], msg: 'String should have at least 1 character', input: '', ctx: { min_length: 1 } },
      { type: 'string_too_long', loc: ['body', 'session_id'], msg: 'String should have at most 200 characters', input: 'x'.repeat(201), ctx: { max_length: 200 } },
      { type: 'string_too_short', loc: ['body', 'project_id'], msg: 'String should have at least 1 character', input: '', ctx: { min_length: 1 } },
    ]);
  });

  it('quotes the untrimmed input when a trimmed string is too short', () => {
    const schema = z.object({ name: z.string().trim().min(1) });
    expect(bodyErrors(schema, { name: '   ' })).toEqual([
      { type: 'string_too_short', loc: ['body', 'name'], msg: 'String should have at least 1 character', input: '   ', ctx: { min_length: 1 } },
    ]);
  });

  it('reports too_short and too_long for lists', () => {
    const schema = z.object({ tags: z.array(z.string()).min(1).max(2) });
    expect(bodyErrors(schema, { tags: [] })).toEqual([
      { type: 'too_short', loc: ['body', 'tags'], msg: 'List should have at least 1 item after validation, not 0', input: [], ctx: { field_type: 'List', min_length: 1, actual_length: 0 } },
    ]);
    expect(bodyErrors(schema, { tags: ['a', 'b', 'c'] })).toEqual([
      { type: 'too_long', loc: ['body', 'tags'], msg: 'List should have at most 2 items after validation, not 3', input: ['a', 'b', 'c'], ctx: { field_type: 'List', max_length: 2, actual_length: 3 } },
    ]);
  });
});

describe('enums and literals', () => {
  it('lists the expected values the way pydantic does', () => {
    const schema = z.object({ color: z.enum(['red', 'green', 'blue']).default('red'), mode: z.literal('a').default('a') });
    expect(bodyErrors(schema, { color: 'pink', mode: 'c' })).toEqual([
      { type: 'enum', loc: ['body', 'color'], msg: "Input should be 'red', 'green' or 'blue'", input: 'pink', ctx: { expected: "'red', 'green' or 'blue'" } },
      { type: 'literal_error', loc: ['body', 'mode'], msg: "Input should be 'a'", input: 'c', ctx: { expected: "'a'" } },
    ]);
  });
});

describe('extra fields and defaults', () => {
  it('ignores unknown fields, as FastAPI does by default', () => {
    expect(accepted({ body: SipBuildRequest }, { body: json({ surprise: 1 }) }).body).toEqual({
      include_global: false,
      project_id: null,
      query: null,
      session_id: null,
      token_budget: null,
    });
  });
});

describe('query parameters', () => {
  it('applies defaults and caps the messages limit at 200', () => {
    expect(accepted({ query: SessionMessagesQuery }, { query: {} }).query).toEqual({ limit: 50, offset: 0 });
    expect(accepted({ query: SessionMessagesQuery }, { query: { limit: '500', offset: '10' } }).query).toEqual({ limit: 200, offset: 10 });
    expect(accepted({ query: ActivityQuery }, { query: {} }).query).toEqual({ limit: 15 });
  });

  it('uses the last value of a repeated parameter', () => {
    expect(accepted({ query: SessionMessagesQuery }, { query: { limit: ['5', '7'] } }).query.limit).toBe(7);
  });

  it('reports int_parsing and bounds with the raw strings', () => {
    expect(detail({ query: SessionMessagesQuery }, { query: { limit: '1.5', offset: 'abc' } })).toEqual([
      { type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: '1.5' },
      { type: 'int_parsing', loc: ['query', 'offset'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc' },
    ]);
    expect(detail({ query: SessionMessagesQuery }, { query: { limit: '0', offset: '-1' } })).toEqual([
      { type: 'greater_than_equal', loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } },
      { type: 'greater_than_equal', loc: ['query', 'offset'], msg: 'Input should be greater than or equal to 0', input: '-1', ctx: { ge: 0 } },
    ]);
  });
});

describe('the whole request', () => {
  const schemas = { params: SessionParams, query: SessionMessagesQuery, body: z.object({ note: z.string() }) };

  it('reports path, then query, then body errors, as FastAPI does', () => {
    expect(
      detail(schemas, { params: { session_id: 'x'.repeat(201) }, query: { limit: 'many' }, body: json({}) }).map((error) => (error as { loc: unknown }).loc),
    ).toEqual([['path', 'session_id'], ['query', 'limit'], ['body', 'note']]);
  });

  it('stops at malformed JSON without looking at anything else', () => {
    const malformed: RequestBody = {
      kind: 'malformed-json',
      error: { type: 'json_invalid', loc: ['body', 1], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } },
    };
    expect(detail(schemas, { params: { session_id: '' }, body: malformed })).toEqual([
      { type: 'json_invalid', loc: ['body', 1], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } },
    ]);
  });

  it('ignores the body of an endpoint that takes none', () => {
    expect(accepted({ params: SessionParams }, { params: { session_id: 's1' }, body: { kind: 'malformed-json', error: {} as never } }).params).toEqual({ session_id: 's1' });
  });

  it('answers 400 for a JSON body that is not UTF-8', () => {
    const result = validateRequest({ body: MemoryIngestRequest }, { body: { kind: 'undecodable' } });
    expect(result).toEqual({ ok: false, rejection: { status: 400, body: { detail: 'There was an error parsing the body' } } });
  });

  it('returns typed values', () => {
    const value = accepted(schemas, { params: { session_id: 's' }, query: { limit: '3' }, body: json({ note: 'n' }) });
    const limit: number = value.query.limit;
    const note: string = value.body.note;
    expect([limit, note, value.params.session_id]).toEqual([3, 'n', 's']);
  });

  it('uses lax booleans in path parameters too', () => {
    expect(accepted({ params: z.object({ on: laxBool() }) }, { params: { on: 'yes' } }).params.on).toBe(true);
  });
});
