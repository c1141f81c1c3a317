import { MemctxApiError, type MemctxClient, type Schemas } from '@memctx/client';

export type Sip = Schemas['SipBuildResponse'];

/** A failed memctx call; `stage` says which: the SIP before the model call, or the round's ingest after it. */
export type MemctxErrorHandler = (error: unknown, stage: 'sip' | 'ingest') => void;

export const warnOnError: MemctxErrorHandler = (error, stage) => {
  console.warn(`memctx: ${stage === 'sip' ? 'SIP build' : 'ingest'} failed, the model call goes on without it: ${error instanceof Error ? error.message : String(error)}`);
};

/** Rejects after `ms`: a memctx that hangs must not hold the model call longer than that. */
export function within<T>(call: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

const transient = (error: unknown) => !(error instanceof MemctxApiError) || error.status >= 500;

/**
 * Posts a round, once more on a network error or a 5xx: the same Idempotency-Key makes the second post answer the
 * first one's result if the first was in fact written, so a round is never stored twice.
 */
export async function postRound(client: MemctxClient, round: Schemas['MemoryIngestRequest'], idempotencyKey: string, timeoutMs: number) {
  const post = () => within(client.ingestRound(round, { idempotencyKey }), timeoutMs, 'memctx ingest');
  try {
    return await post();
  } catch (error) {
    if (!transient(error)) throw error;
    return post();
  }
}
