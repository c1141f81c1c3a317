import type { JSONObject, SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { Schemas } from '@memctx/client';
import type { Sip } from './memctx-calls.js';

/** What the middleware adds under `providerMetadata.memctx` of a call's result. */
export interface MemctxMetadata {
  /** The SIP's citations as the API answers them: `[n]` in the SIP (and so in the reply) is `citations[n-1]`. Empty without a SIP. */
  citations: Array<Schemas['SipCitation']>;
  grounded: boolean;
  abstain: boolean;
  recordsUsed: number;
  /** The stored round's id; null when the round was not posted (ingest off, no user message, a tool-call step, or a failure). */
  roundId: string | null;
}

export function metadataOf(sip: Sip | undefined, roundId: string | undefined): JSONObject {
  const citations = (sip?.citations ?? []).map((c) => ({
    index: c.index,
    record_id: c.record_id,
    provenance: c.provenance,
    summary: c.summary,
    source_id: c.source_id ?? null,
    source_title: c.source_title ?? null,
  }));
  return { citations, grounded: sip?.grounded ?? false, abstain: sip?.abstain ?? false, recordsUsed: sip?.records_used ?? 0, roundId: roundId ?? null };
}

export function withMetadata(providerMetadata: SharedV3ProviderMetadata | undefined, memctx: JSONObject): SharedV3ProviderMetadata {
  return { ...providerMetadata, memctx };
}

/** The memctx part of a result's `providerMetadata` (from generateText, or awaited from streamText), typed. */
export function memctxMetadata(providerMetadata: SharedV3ProviderMetadata | undefined): MemctxMetadata | undefined {
  return providerMetadata?.memctx as MemctxMetadata | undefined;
}
