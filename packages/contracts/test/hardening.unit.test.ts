import { describe, expect, it } from 'vitest';
import {
  ConnectorIngestRequest,
  EfficiencyQuery,
  excessiveNestingAt,
  findUnstorableStrings,
  MAX_INT,
  MAX_JSON_DEPTH,
  MemoryIngestRequest,
  readRequestBody,
  SessionMessagesQuery,
  validateRequest,
  whyUnstorable,
} from '../src/index.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const ingestBody = (fields: Record<string, unknown>) => ({
  kind: 'json' as const,
  value: { user_message: 'hi', assistant_message: 'hello', session_id: 's', ...fields },
});

describe('strings PostgreSQL cannot store', () => {
  it('names NUL characters and unpaired surrogates, and accepts pairs, RTL text and emoji', () => {
    expect(whyUnstorable('a\u0000b')).toBe('a NUL character (U+0000) at index 1');
    expect(whyUnstorable('x\ud800')).toBe('an unpaired surrogate (U+D800) at index 1');
    expect(whyUnstorable('\udc00x')).toBe('an unpaired surrogate (U+DC00) at index 0');
    expect(whyUnstorable('😀 مرحبا \u202e שלום')).toBeUndefined();
  });

  it('finds them anywhere in a decoded body, keys included', () => {
    const found = findUnstorableStrings({ a: ['ok', 'bad\u0000'], b: { 'k\ud801': 1 }, c: 'fine' });
    expect(found.map((f) => f.path)).toEqual([['a', 1], ['b', 'k\ud801']]);
  });

  it('given a round with a NUL in user_message, when validated, then it is a 422 at that field with a clear msg', () => {
    const result = validateRequest({ body: MemoryIngestRequest }, { body: ingestBody({ user_message: 'hi\u0000' }) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.rejection).toEqual({
      status: 422,
      body: {
        detail: [
          {
            type: 'string_unstorable',
            loc: ['body', 'user_message'],
            msg: 'String cannot be stored: it contains a NUL character (U+0000) at index 2',
            input: 'hi\u0000',
            ctx: { reason: 'a NUL character (U+0000) at index 2' },
          },
        ],
      },
    });
  });

  it('checks query and path parameters too, and never quotes a string inside credentials', () => {
    const query = validateRequest({ query: SessionMessagesQuery }, { query: { offset: '1', stray: 'a\u0000' } });
    expect(query.ok || query.rejection.body).toMatchObject({ detail: [{ type: 'string_unstorable', loc: ['query', 'stray'] }] });
    const body = { credentials: { token: 'sec\u0000ret' }, external_id: 'x', session_id: 's' };
    const connector = validateRequest({ body: ConnectorIngestRequest }, { body: { kind: 'json', value: body } });
    expect(connector.ok).toBe(false);
    if (connector.ok) return;
    const [item] = connector.rejection.status === 422 ? connector.rejection.body.detail : [];
    expect(item).toMatchObject({ type: 'string_unstorable', loc: ['body', 'credentials', 'token'] });
    expect(item).not.toHaveProperty('input');
  });
});

describe('JSON nesting', () => {
  it('finds the first container past the limit, ignoring brackets inside strings', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expect(excessiveNestingAt(deep)).toBe(MAX_JSON_DEPTH);
    expect(excessiveNestingAt('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeUndefined();
    expect(excessiveNestingAt(`{"a": "${'['.repeat(100)}\\"["}`)).toBeUndefined();
  });

  it('given 1 MB of nested brackets, when read, then it is json_invalid at the offending position without building it', () => {
    const body = readRequestBody(bytes('['.repeat(500_000) + ']'.repeat(500_000)), 'application/json');
    expect(body).toEqual({
      kind: 'malformed-json',
      error: { type: 'json_invalid', loc: ['body', MAX_JSON_DEPTH], msg: 'JSON decode error', input: {}, ctx: { error: `Nesting deeper than ${MAX_JSON_DEPTH} levels` } },
    });
  });
});

describe('numeric bounds', () => {
  it('bounds every integer: the efficiency window at 50 years, offsets and response times at int4', () => {
    const window = validateRequest({ query: EfficiencyQuery }, { query: { window_seconds: '300000000000' } });
    expect(window.ok || window.rejection.body).toMatchObject({ detail: [{ type: 'less_than_equal', loc: ['query', 'window_seconds'] }] });
    const offset = validateRequest({ query: SessionMessagesQuery }, { query: { offset: String(MAX_INT + 1) } });
    expect(offset.ok || offset.rejection.body).toMatchObject({ detail: [{ type: 'less_than_equal', ctx: { le: MAX_INT } }] });
    const slow = validateRequest({ body: MemoryIngestRequest }, { body: ingestBody({ response_time_ms: 1e12 }) });
    expect(slow.ok || slow.rejection.body).toMatchObject({ detail: [{ type: 'less_than_equal', loc: ['body', 'response_time_ms'] }] });
    expect(validateRequest({ query: SessionMessagesQuery }, { query: { limit: '5000' } })).toMatchObject({ ok: true, value: { query: { limit: 200 } } });
  });
});

describe('secrets in 422 answers', () => {
  it('given a connector body missing a field, when validated, then the parent object (holding credentials) is not quoted', () => {
    const value = { credentials: { token: 'ghp_secret' }, session_id: 's' };
    const result = validateRequest({ body: ConnectorIngestRequest }, { body: { kind: 'json', value } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(JSON.stringify(result.rejection.body)).not.toContain('ghp_secret');
    expect(result.rejection.body).toEqual({ detail: [{ type: 'missing', loc: ['body', 'external_id'], msg: 'Field required' }] });
  });

  it('does not quote credentials of the wrong type either', () => {
    const value = { credentials: 'ghp_secret', session_id: 's', external_id: 'x' };
    const result = validateRequest({ body: ConnectorIngestRequest }, { body: { kind: 'json', value } });
    expect(JSON.stringify(result)).not.toContain('ghp_secret');
    expect(result.ok || result.rejection.body).toMatchObject({ detail: [{ type: 'dict_type', loc: ['body', 'credentials'] }] });
  });
});
