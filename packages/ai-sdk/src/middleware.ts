import { randomUUID } from 'node:crypto';
import type { LanguageModelV3CallOptions, LanguageModelV3FinishReason, LanguageModelV3Middleware, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { MemctxClient } from '@memctx/client';
import { postRound, warnOnError, within, type MemctxErrorHandler, type Sip } from './memctx-calls.js';
import { metadataOf, withMetadata } from './metadata.js';
import { lastUserText, replyText, withSystemMessage } from './prompt.js';

export interface MemctxMemoryOptions {
  client: MemctxClient;
  /** The conversation; rounds are posted to it and SIP builds are linked to it. */
  sessionId: string;
  /** Scopes the SIP to this project, and files the rounds under it. */
  projectId?: string;
  /** Post each round (last user message and the reply) after the call; default true. */
  ingest?: boolean;
  /** What to ask memory; default: the last user message's text. Undefined or blank: no SIP for this call. */
  query?: (params: LanguageModelV3CallOptions) => string | undefined | PromiseLike<string | undefined>;
  /** Most tokens the SIP may take of the prompt (at least 50); default, and at most: the service's MEMCTX_SIP_TOKEN_BUDGET. */
  tokenBudget?: number;
  /** Called when a memctx call fails; the model call goes on regardless. Default: one console.warn line. */
  onError?: MemctxErrorHandler;
  /** Longest wait for each memctx call, in ms; default 5000. */
  timeoutMs?: number;
}

/** What one model call carries from transformParams to wrapGenerate/wrapStream (which see the same params object). */
interface Turn {
  userMessage: string | undefined;
  sip: Sip | undefined;
  idempotencyKey: string;
}

/**
 * AI SDK middleware giving a model memctx memory: before each call it builds a SIP for the last user message and puts
 * it in a system message; after the call (generated or streamed) it posts the round. The SIP's citations are in
 * `providerMetadata.memctx` of the result. A failing memctx never fails the call: it goes on without memory.
 */
export function memctxMemory(options: MemctxMemoryOptions): LanguageModelV3Middleware {
  const { client, sessionId, projectId, tokenBudget, ingest = true, onError = warnOnError, timeoutMs = 5000 } = options;
  const turns = new WeakMap<LanguageModelV3CallOptions, Turn>();

  async function buildSip(query: string | undefined): Promise<Sip | undefined> {
    if (!query?.trim()) return undefined;
    try {
      const body = { query, session_id: sessionId, project_id: projectId ?? null, token_budget: tokenBudget ?? null };
      return await within(client.buildSip(body), timeoutMs, 'memctx SIP build');
    } catch (error) {
      onError(error, 'sip');
      return undefined;
    }
  }

  /** Posts the round unless this step only asked for tools (the reply comes in a later step, which posts it). */
  async function remember(turn: Turn | undefined, reply: string, finishReason: LanguageModelV3FinishReason): Promise<string | undefined> {
    if (!ingest || !turn?.userMessage || finishReason.unified === 'tool-calls') return undefined;
    const round = { session_id: sessionId, project_id: projectId ?? null, user_message: turn.userMessage, assistant_message: reply };
    try {
      return (await postRound(client, round, turn.idempotencyKey, timeoutMs)).round_id;
    } catch (error) {
      onError(error, 'ingest');
      return undefined;
    }
  }

  return {
    specificationVersion: 'v3',

    async transformParams({ params }) {
      const userMessage = lastUserText(params.prompt);
      const sip = await buildSip(options.query ? await options.query(params) : userMessage);
      const transformed = sip?.records_used ? withSystemMessage(params, sip.sip) : { ...params };
      turns.set(transformed, { userMessage, sip, idempotencyKey: randomUUID() });
      return transformed;
    },

    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const turn = turns.get(params);
      const roundId = await remember(turn, replyText(result.content), result.finishReason);
      return { ...result, providerMetadata: withMetadata(result.providerMetadata, metadataOf(turn?.sip, roundId)) };
    },

    async wrapStream({ doStream, params }) {
      const { stream, ...rest } = await doStream();
      const turn = turns.get(params);
      let reply = '';
      // The finish part is held until the round is posted, so its metadata can carry the round's id.
      const remembering = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        async transform(part, controller) {
          if (part.type === 'text-delta') reply += part.delta;
          if (part.type !== 'finish') return controller.enqueue(part);
          const roundId = await remember(turn, reply, part.finishReason);
          controller.enqueue({ ...part, providerMetadata: withMetadata(part.providerMetadata, metadataOf(turn?.sip, roundId)) });
        },
      });
      return { stream: stream.pipeThrough(remembering), ...rest };
    },
  };
}
