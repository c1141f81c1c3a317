import type { Middleware } from 'openapi-fetch';

export const POSITION_HEADER = 'X-Memctx-Position';
export const MIN_POSITION_HEADER = 'X-Memctx-Min-Position';

type Position = readonly [transaction: bigint, global: bigint];

const parse = (text: string | null): Position | undefined => {
  const match = /^(\d+)\.(\d+)$/.exec(text?.trim() ?? '');
  return match ? [BigInt(match[1] as string), BigInt(match[2] as string)] : undefined;
};

const after = (a: Position, b: Position) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/**
 * Read-your-writes across API replicas: remembers the newest write position the
 * service reported and sends it with every later request, so a replica that has
 * not projected the write yet waits for it before answering.
 */
export function readYourWritesMiddleware(): Middleware & { position(): string | undefined } {
  let newest: { text: string; position: Position } | undefined;
  return {
    position: () => newest?.text,
    onRequest({ request }) {
      if (newest && !request.headers.has(MIN_POSITION_HEADER)) request.headers.set(MIN_POSITION_HEADER, newest.text);
      return request;
    },
    onResponse({ response }) {
      const text = response.headers.get(POSITION_HEADER);
      const position = parse(text);
      if (text && position && (!newest || after(position, newest.position))) newest = { text, position };
      return response;
    },
  };
}
