import { z } from 'zod';

// The kinds of value a setting can have: each parses the variable's text and says, in its error, what it expects.

export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  const expectation = { error: `must be a whole number ${range}` };
  return z
    .string()
    .trim()
    .regex(/^\d+$/, expectation)
    .transform(Number)
    .pipe(z.int(expectation).min(min, expectation).max(max, expectation));
}

/**
 * The schemes KurrentDB's client accepts, then one host or a comma-separated cluster (which URL cannot
 * parse), e.g. kurrentdb+discover://admin:changeit@a:2113,b:2113?tls=false.
 */
export const KURRENTDB_URL_PATTERN = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/([^@/?#\s]+@)?[A-Za-z0-9.\-[\]:]+(,[A-Za-z0-9.\-[\]:]+)*\/?(\?\S*)?$/i;

export function serviceUrl(protocols: readonly string[], example: string) {
  const isServiceUrl = (value: string) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  };
  return z.string().refine(isServiceUrl, { error: `must be a URL like ${example}` });
}

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const BODY_LIMIT_PATTERN = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const MAX_BODY_LIMIT_BYTES = 1024 ** 3;

export function byteSize() {
  const expectation = { error: 'must be a size such as 512kb, 1mb or 1048576 (bytes), at most 1gb' };
  return z
    .string()
    .trim()
    .regex(BODY_LIMIT_PATTERN, expectation)
    .transform((text) => {
      const [, amount = '0', unit = 'b'] = BODY_LIMIT_PATTERN.exec(text) ?? [];
      return { text, bytes: Math.floor(Number(amount) * (BYTE_UNITS[unit.toLowerCase()] ?? 1)) };
    })
    .refine((size) => size.bytes >= 1 && size.bytes <= MAX_BODY_LIMIT_BYTES, expectation);
}

export function unitInterval() {
  return z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a number from 0 to 1' })
    .transform(Number);
}

export function onOff() {
  return oneOf(['on', 'off', 'true', 'false', '1', '0']).transform((value) => value === 'on' || value === 'true' || value === '1');
}

/** A comma-separated list of names from `names`, lower-cased, each once. */
export function nameList<const T extends string>(names: readonly [T, ...T[]]) {
  const expectation = { error: `must be a comma-separated list of ${names.join(', ')}` };
  return z
    .string()
    .transform((text) => text.split(',').map((name) => name.trim().toLowerCase()))
    .pipe(z.array(z.enum(names, expectation)).min(1, expectation))
    .transform((list) => [...new Set(list)]);
}

/** One of `values`, in any case. */
export function oneOf<const T extends string>(values: readonly [T, ...T[]]) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }));
}

/** A secret an operator chooses; short ones are refused. */
export function token(minLength: number) {
  return z.string().min(minLength, { error: `must be at least ${minLength} characters` });
}

export function hostList() {
  const expectation = { error: 'must be a comma-separated list of host names, e.g. wiki.internal,docs.corp' };
  return z
    .string()
    .transform((text) => text.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, expectation)));
}

export function brokerList() {
  const expectation = { error: 'must be a comma-separated list of host:port, e.g. kafka:9092' };
  return z
    .string()
    .transform((text) => text.split(',').map((broker) => broker.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:]+\]:\d{1,5}$/, expectation)).min(1, expectation));
}

/** Kafka's rule for topic and group names we choose: letters, digits, '.', '_', '-'. */
export function kafkaName() {
  return z.string().trim().regex(/^[A-Za-z0-9._-]{1,249}$/, { error: 'must be 1 to 249 letters, digits, ".", "_" or "-"' });
}

