import fc from 'fast-check';
import type { JsonSchema } from './openapi.js';

/** Strings that have broken services: storage-hostile, bidi, emoji, injections, numbers in disguise, sizes at and past limits. */
const EDGE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\udbff', '\udc00\ud800', '\ud83d\ude00', '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '\u202eevil.exe', 'مرحبا بالعالم', 'שלום עולם', '\u200b\u200c\u200d\u2060', '\ufeffbom', '\uffff\ufffe', '\u0001\u001f\u007f',
  'null', 'true', '0', '-1', '1.5', '1e400', '-0', 'NaN', 'Infinity', '9'.repeat(5_000), '0x10', '1_000',
  '%00', '%', '%ZZ', '../../../../etc/passwd', '..\\..\\windows', "' OR 1=1 --", '<script>alert(1)</script>', '${7*7}', '{{7*7}}',
  '\\', '"', '\r\n', 'http://127.0.0.1:1/', 'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd', 'http://[::1]/',
  'a'.repeat(64), 'a'.repeat(65), 'a'.repeat(200), 'a'.repeat(201), 'x'.repeat(1_001), 'x'.repeat(10_001), 'y'.repeat(100_001),
];

const EDGE_NUMBERS = [
  0, -0, -1, 1, 0.5, 1.5, 49, 50, 51, 100, 101, 200, 201, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53),
  1e308, -1e308, 5e-324, 300_000_000_000, 1_576_800_001,
];

const HOSTILE_CHARS = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a', '😀', '\u202e', 'ß', ' ', '"', '\\', '\n', 'ا');

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: HOSTILE_CHARS, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((length) => 'z'.repeat(length)) },
);

/** Short enough for Node's 16 KB limit on the request line and headers, so it reaches the app. */
export const shortNastyString = nastyString.filter((text) => text.length <= 2_000);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

const nest = (depth: number): unknown => {
  let value: unknown = 'core';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** Any JSON value a hostile client might send in place of a field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 40 }).map(nest) },
);

/** Known ids and names by field, so valid requests reach past the 404s into real state. */
export type Pools = Readonly<Record<string, readonly string[]>>;

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A value the schema accepts (mostly: lengths count UTF-16 units on the server and graphemes here). */
export function validValue(schema: JsonSchema, pools: Pools, name?: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, pools, name)));
  const types = typesOf(schema);
  if (types.includes('null') && types.length > 1) {
    const rest = { ...schema, type: types.filter((type) => type !== 'null') };
    return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: validValue(rest, pools, name) });
  }
  switch (types[0]) {
    case 'string': {
      const generated = fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
      const known = name ? pools[name] : undefined;
      return known?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated }) : generated;
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, pools) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 });
    case 'object':
      return validObject(schema, pools);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  if (!schema.properties) return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(([key, property]) => {
    const value = validValue(property, pools, key);
    return [key, required.has(key) ? value : fc.option(value, { nil: undefined })] as const;
  });
  return fc.record(Object.fromEntries(fields)).map((record) => JSON.parse(JSON.stringify(record)) as unknown);
}

/** A valid object with one thing wrong: a field missing, a field of a hostile value, or an extra field. */
export function mutatedObject(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  return fc
    .tuple(validValue(schema, pools), fc.constantFrom('remove', 'replace', 'extra'), fc.nat(), nastyValue, nastyString)
    .map(([value, how, pick, nasty, extraKey]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return nasty;
      const copy = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(schema.properties ?? copy);
      const key = keys.length > 0 ? keys[pick % keys.length]! : extraKey;
      if (how === 'remove') delete copy[key];
      else if (how === 'replace') copy[key] = nasty;
      else copy[extraKey] = nasty;
      return copy;
    });
}
