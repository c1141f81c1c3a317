import fc from 'fast-check';
import type { Operation, Parameter } from './openapi.js';
import { mutatedObject, nastyNumber, nastyString, nastyValue, shortNastyString, validValue, type Pools } from './values.js';

/** How a request authenticates; the runner turns it into headers with real keys. */
export type AuthVariant = 'valid' | 'none' | 'empty-bearer' | 'unknown-key' | 'basic' | 'lowercase-scheme' | 'duplicate' | 'other-user';

export interface FuzzRequest {
  operation: Operation;
  /** Values of the path's `{name}` placeholders, not yet encoded. */
  path: Record<string, string>;
  /** Query pairs in order; a repeated name is a duplicate parameter. */
  query: Array<[string, string]>;
  body?: { text: string; contentType?: string | string[] };
  auth: AuthVariant;
  /** Extra headers; an array value is sent as repeated headers. */
  headers: Record<string, string | string[]>;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function parameterValue(parameter: Parameter, pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(parameter.schema, pools, parameter.name).map(asText) },
    { weight: 3, arbitrary: shortNastyString },
    { weight: 1, arbitrary: nastyString },
    { weight: 1, arbitrary: nastyNumber.map(String) },
  );
}

function queryArbitrary(parameters: Parameter[], pools: Pools): fc.Arbitrary<Array<[string, string]>> {
  const inQuery = parameters.filter((parameter) => parameter.in === 'query');
  const chosen = inQuery.map((parameter) =>
    fc.option(fc.array(parameterValue(parameter, pools), { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 3 })
      .map((values) => (values ?? []).map((value): [string, string] => [parameter.name, value])),
  );
  const stray = fc.array(fc.tuple(shortNastyString, shortNastyString), { maxLength: 1 });
  return fc.tuple(fc.tuple(...chosen), stray).map(([pairs, extra]) => [...pairs.flat(), ...extra]);
}

const DEEP = [33, 1_000, 400_000].map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const HUGE = JSON.stringify({ user_message: 'h'.repeat(1_100_000), assistant_message: '', session_id: 'huge' });
const CONTENT_TYPES = ['text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'application/merge-patch+json', 'multipart/form-data', ''];

function bodyArbitrary(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest['body']> {
  const json = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value) => ({ text: JSON.stringify(value) ?? 'null' }));
  const junk = [
    { weight: 3, arbitrary: json(nastyValue) },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 4 })) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((text) => ({ text })) },
    { weight: 1, arbitrary: fc.constantFrom(...DEEP).map((text) => ({ text })) },
    { weight: 1, arbitrary: fc.constant({ text: HUGE }) },
  ];
  if (!operation.body) {
    return fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, ...junk);
  }
  const valid = validValue(operation.body, pools);
  return fc.oneof(
    { weight: 10, arbitrary: json(valid) },
    { weight: 10, arbitrary: json(mutatedObject(operation.body, pools)) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.nat()).map(([value, cut]) => { const text = JSON.stringify(value) ?? ''; return { text: text.slice(0, cut % (text.length + 1)) }; }) },
    { weight: 2, arbitrary: fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([value, contentType]) => ({ text: JSON.stringify(value) ?? '', contentType })) },
    { weight: 1, arbitrary: json(valid).map((body) => ({ ...body, contentType: ['application/json', 'text/plain'] })) },
    ...junk,
  );
}

const AUTH = fc.oneof(
  { weight: 16, arbitrary: fc.constant<AuthVariant>('valid') },
  { weight: 1, arbitrary: fc.constantFrom<AuthVariant>('none', 'empty-bearer', 'unknown-key', 'basic', 'lowercase-scheme', 'duplicate', 'other-user') },
);

const headerText = fc.oneof({ weight: 9, arbitrary: shortNastyString }, { weight: 1, arbitrary: nastyString }).map((text) => text.replace(/[^\x20-\x7e\x80-\xff]/g, '?'));

const HEADERS = fc.record(
  {
    'idempotency-key': fc.oneof(headerText, fc.constant('k'.repeat(300)), fc.array(fc.constantFrom('a', 'b'), { minLength: 2, maxLength: 2 })),
    'x-memctx-min-position': fc.oneof(headerText, fc.constantFrom('1.1', '999999999999.999999999', '-1.-1', '1e400.1')),
    'x-request-id': headerText,
  },
  { requiredKeys: [] },
);

/** One request to one operation of the document: mostly nearly valid, always somewhat hostile. */
export function requestArbitrary(operations: readonly Operation[], pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((operation) => {
    const inPath = operation.parameters.filter((parameter) => parameter.in === 'path');
    const path = fc.record(Object.fromEntries(inPath.map((parameter) => [parameter.name, parameterValue(parameter, pools)])));
    return fc.record({
      operation: fc.constant(operation),
      path,
      query: queryArbitrary(operation.parameters, pools),
      body: bodyArbitrary(operation, pools),
      auth: AUTH,
      headers: HEADERS as fc.Arbitrary<Record<string, string | string[]>>,
    });
  });
}
