import { describe, expect, it } from 'vitest';
import { isJsonContentType, parseJson, readRequestBody } from '../src/index.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseJson reports errors the way Python json.loads does', () => {
  // [document, Python 3.11 message, Python position (code points)]
  const cases: Array<[string, string, number]> = [
    ['{"a": 1,}', 'Expecting property name enclosed in double quotes', 8],
    ['{"a" 1}', "Expecting ':' delimiter", 5],
    ['[1 2]', "Expecting ',' delimiter", 3],
    ['  ', 'Expecting value', 2],
    ['{"a": }', 'Expecting value', 6],
    ['{"a": 1} x', 'Extra data', 9],
    ['{"a": "b', 'Unterminated string starting at', 6],
    ['{"a": "\u0001"}', 'Invalid control character at', 7],
    ['{"a": "\\q"}', 'Invalid \\escape', 7],
    ['{"a": "\\u12"}', 'Invalid \\uXXXX escape', 8],
    ['{"a": "\\u12zz"}', 'Invalid \\uXXXX escape', 8],
    ['{', 'Expecting property name enclosed in double quotes', 1],
    ['[', 'Expecting value', 1],
    ['[1,]', 'Expecting value', 3],
    ['{"a":1,"b"', "Expecting ':' delimiter", 10],
    ["{'a': 1}", 'Expecting property name enclosed in double quotes', 1],
    ['{"a": tru}', 'Expecting value', 6],
    ['{"a": -}', 'Expecting value', 6],
    ['{"a": 01}', "Expecting ',' delimiter", 7],
    ['{"a": 1.}', "Expecting ',' delimiter", 7],
    ['{"é": "ü", "x" 1}', "Expecting ':' delimiter", 15],
    ['{"😀": 1 2}', "Expecting ',' delimiter", 8],
    ['nul', 'Expecting value', 0],
    ['"\\', 'Unterminated string starting at', 0],
    ['{"a": "\\u1234', 'Invalid \\uXXXX escape', 8],
    ['[1e+]', "Expecting ',' delimiter", 2],
  ];

  it.each(cases)('%j → %s at %i', (document, message, position) => {
    expect(parseJson(document)).toEqual({ ok: false, error: { message, position } });
  });

  it('parses valid JSON', () => {
    expect(parseJson(' {"a": [1, 2.5e3, "x", null, true]} ')).toEqual({ ok: true, value: { a: [1, 2500, 'x', null, true] } });
  });

  it('survives deeply nested malformed input without overflowing the stack', () => {
    const deep = '['.repeat(200_000);
    expect(parseJson(deep)).toEqual({ ok: false, error: { message: 'Expecting value', position: 200_000 } });
  });
});

describe('readRequestBody decides like FastAPI', () => {
  it('treats no bytes as no body', () => {
    expect(readRequestBody(undefined, 'application/json')).toEqual({ kind: 'absent' });
    expect(readRequestBody(new Uint8Array(), 'application/json')).toEqual({ kind: 'absent' });
  });

  it('parses JSON without a content type and for application/*+json', () => {
    expect(readRequestBody(bytes('{"a":1}'), undefined)).toEqual({ kind: 'json', value: { a: 1 } });
    expect(readRequestBody(bytes('[1]'), 'application/vnd.memctx+json; charset=utf-8')).toEqual({ kind: 'json', value: [1] });
  });

  it('keeps other content types as text', () => {
    expect(readRequestBody(bytes('{"a":1}'), 'text/plain')).toEqual({ kind: 'text', value: '{"a":1}' });
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(readRequestBody(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{}')]), 'application/json')).toEqual({ kind: 'json', value: {} });
  });

  it('reports malformed JSON as json_invalid at the character position', () => {
    expect(readRequestBody(bytes('{"a": 1,}'), 'application/json')).toEqual({
      kind: 'malformed-json',
      error: { type: 'json_invalid', loc: ['body', 8], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting property name enclosed in double quotes' } },
    });
  });

  it('flags bytes that are not UTF-8', () => {
    expect(readRequestBody(new Uint8Array([0x7b, 0xff, 0x7d]), 'application/json')).toEqual({ kind: 'undecodable' });
  });

  it('recognises JSON content types', () => {
    expect(['application/json', 'Application/JSON; charset=utf-8', 'application/problem+json'].map(isJsonContentType)).toEqual([true, true, true]);
    expect(['text/json', 'application/jsonp', 'multipart/form-data', 'json'].map(isJsonContentType)).toEqual([false, false, false, false]);
  });
});
