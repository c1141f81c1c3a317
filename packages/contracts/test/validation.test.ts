import { describe, expect, it } from 'vitest';
import {
  ActivityQuery, IngestRequest, MessagesQuery, SipBuildRequest, buildOpenApiDocument, jsonInvalid, toValidationErrors, type RequestPart,
} from '@memctx/contracts';
import type { ZodType } from 'zod';

function errors(schema: ZodType, input: unknown, part: RequestPart = 'body') {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected failure, got ${JSON.stringify(result.data)}`);
  return toValidationErrors(result.error, part, input);
}

describe('422 detail in FastAPI / pydantic v2 form', () => {
  it('reports a missing field with the parent object as input', () => {
    expect(errors(IngestRequest, { user_message: 'hi' })).toEqual([
      { loc: ['body', 'session_id'], msg: 'Field required', type: 'missing', input: { user_message: 'hi' } },
    ]);
  });

  it('reports wrong types without coercing numbers to strings', () => {
    expect(errors(IngestRequest, { user_message: 5, session_id: 's' })).toEqual([
      { loc: ['body', 'user_message'], msg: 'Input should be a valid string', type: 'string_type', input: 5 },
    ]);
  });

  it('reports a body that is not an object', () => {
    expect(errors(IngestRequest, [1, 2])).toEqual([
      { loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type', input: [1, 2] },
    ]);
  });

  it('parses query integers like FastAPI and reports int_parsing and bounds', () => {
    expect(MessagesQuery.parse({ limit: '10', offset: '0' })).toEqual({ limit: 10, offset: 0 });
    expect(MessagesQuery.parse({ limit: '500' })).toEqual({ limit: 200, offset: 0 });
    expect(errors(MessagesQuery, { limit: 'abc' }, 'query')).toEqual([
      { loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing', input: 'abc' },
    ]);
    expect(errors(MessagesQuery, { limit: '1.5' }, 'query')[0]!.type).toBe('int_parsing');
    expect(errors(MessagesQuery, { limit: '0' }, 'query')).toEqual([
      { loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal', input: '0', ctx: { ge: 1 } },
    ]);
    expect(errors(MessagesQuery, { offset: '-1' }, 'query')[0]).toMatchObject({ type: 'greater_than_equal', ctx: { ge: 0 } });
    expect(errors(ActivityQuery, { limit: '51' }, 'query')).toEqual([
      { loc: ['query', 'limit'], msg: 'Input should be less than or equal to 50', type: 'less_than_equal', input: '51', ctx: { le: 50 } },
    ]);
    expect(ActivityQuery.parse({})).toEqual({ limit: 15 });
  });

  it('takes lax booleans and reports bool_parsing and bool_type', () => {
    expect(SipBuildRequest.parse({ include_global: 'yes' }).include_global).toBe(true);
    expect(SipBuildRequest.parse({}).include_global).toBe(false);
    expect(errors(SipBuildRequest, { include_global: 'maybe' })[0]).toMatchObject({
      loc: ['body', 'include_global'], type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input',
    });
    expect(errors(SipBuildRequest, { include_global: {} })[0]).toMatchObject({ type: 'bool_type' });
  });

  it('reports an integer with a fractional part in a JSON body', () => {
    expect(errors(IngestRequest, { user_message: 'a', session_id: 's', response_time_ms: 1.5 })[0]).toMatchObject({
      loc: ['body', 'response_time_ms'], type: 'int_from_float',
    });
  });

  it('reports blank ids as too short', () => {
    expect(errors(IngestRequest, { user_message: 'a', session_id: '   ' })[0]).toMatchObject({
      loc: ['body', 'session_id'], type: 'string_too_short', ctx: { min_length: 1 },
    });
  });

  it('shapes malformed JSON as json_invalid', () => {
    expect(jsonInvalid(7, 'Expecting value')).toEqual({
      loc: ['body', 7], msg: 'JSON decode error', type: 'json_invalid', input: {}, ctx: { error: 'Expecting value' },
    });
  });
});

describe('OpenAPI document', () => {
  it('is 3.1, version 0.1.0, and documents every path with bearer security where required', () => {
    const doc = buildOpenApiDocument() as {
      openapi: string; info: { version: string }; paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    expect(doc.paths['/api/v1/sessions/{session_id}/messages']?.get?.responses['422']).toBeDefined();
    expect(doc.paths['/api/v1/health']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/v1/memory/ingest']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(doc.paths)).toHaveLength(17);
  });
});
