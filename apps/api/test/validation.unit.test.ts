import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from './demo-routes.js';
import { call, startApp, type RunningApp } from './helpers.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ routes: [demoRoutes] });
});
afterAll(() => app.close());

const demo = (path: string, body: unknown, init: RequestInit = {}) =>
  call(`${app.url}/api/v1/demo/${path}`, {
    method: 'POST',
    ...(typeof body === 'string' ? { body, headers: { 'content-type': 'application/json', ...init.headers } } : { json: body }),
    ...init,
  });

describe('a validated endpoint', () => {
  it('parses path, query and body the way FastAPI does', async () => {
    const response = await demo('7?verbose=yes&limit=3', { name: 'ab', count: '4', extra: 'ignored' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ item_id: 7, verbose: true, limit: 3, name: 'ab', count: 4, flag: false, note: null, defaulted: true });
  });

  it('answers 422 with every error at once, path then query then body', async () => {
    const response = await demo('0?verbose=perhaps&limit=11', { name: 5, count: 1.5, flag: [], note: 3, meta: [] });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      detail: [
        { type: 'greater_than_equal', loc: ['path', 'item_id'], msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } },
        { type: 'bool_parsing', loc: ['query', 'verbose'], msg: 'Input should be a valid boolean, unable to interpret input', input: 'perhaps' },
        { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 10', input: '11', ctx: { le: 10 } },
        { type: 'string_type', loc: ['body', 'name'], msg: 'Input should be a valid string', input: 5 },
        { type: 'int_from_float', loc: ['body', 'count'], msg: 'Input should be a valid integer, got a number with a fractional part', input: 1.5 },
        { type: 'bool_type', loc: ['body', 'flag'], msg: 'Input should be a valid boolean', input: [] },
        { type: 'string_type', loc: ['body', 'note'], msg: 'Input should be a valid string', input: 3 },
        { type: 'dict_type', loc: ['body', 'meta'], msg: 'Input should be a valid dictionary', input: [] },
      ],
    });
  });

  it('reports missing fields with the body as input', async () => {
    expect((await demo('1', { flag: true })).body).toEqual({
      detail: [
        { type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: { flag: true } },
        { type: 'missing', loc: ['body', 'count'], msg: 'Field required', input: { flag: true } },
      ],
    });
  });

  it('reports int_type, int_parsing and string lengths', async () => {
    expect((await demo('abc', { name: 'a', count: [] })).body).toEqual({
      detail: [
        { type: 'int_parsing', loc: ['path', 'item_id'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc' },
        { type: 'string_too_short', loc: ['body', 'name'], msg: 'String should have at least 2 characters', input: 'a', ctx: { min_length: 2 } },
        { type: 'int_type', loc: ['body', 'count'], msg: 'Input should be a valid integer', input: [] },
      ],
    });
    expect((await demo('1?limit=1.5', { name: 'abcdef', count: 'x' })).body).toEqual({
      detail: [
        { type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: '1.5' },
        { type: 'string_too_long', loc: ['body', 'name'], msg: 'String should have at most 5 characters', input: 'abcdef', ctx: { max_length: 5 } },
        { type: 'int_parsing', loc: ['body', 'count'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'x' },
      ],
    });
  });

  it('reports a body that is not an object', async () => {
    const expected = (input: unknown) => ({
      detail: [{ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input }],
    });
    expect(await demo('1', [1, 2])).toMatchObject({ status: 422, body: expected([1, 2]) });
    expect(await demo('1', 'hello', { headers: { 'content-type': 'text/plain' } })).toMatchObject({ status: 422, body: expected('hello') });
  });

  it('reports a missing body', async () => {
    expect(await call(`${app.url}/api/v1/demo/1`, { method: 'POST' })).toMatchObject({
      status: 422,
      body: { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] },
    });
  });

  it('reports malformed JSON as json_invalid with the position', async () => {
    expect(await demo('1', '{"name": "ab",}')).toMatchObject({
      status: 422,
      body: {
        detail: [{ type: 'json_invalid', loc: ['body', 14], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting property name enclosed in double quotes' } }],
      },
    });
  });

  it('answers 400 for a JSON body that is not UTF-8', async () => {
    const response = await call(`${app.url}/api/v1/demo/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect(response).toMatchObject({ status: 400, body: { detail: 'There was an error parsing the body' } });
  });
});
