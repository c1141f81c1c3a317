import type { LanguageModelV3FinishReason, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';

const usage: LanguageModelV3Usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const stop: LanguageModelV3FinishReason = { unified: 'stop', raw: 'stop' };

/** The AI SDK's mock model answering `reply`, generated in one piece or streamed word by word. */
export function mockModel(reply: string) {
  const words = reply.split(/(?<= )/);
  const chunks: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...words.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: stop, usage },
  ];
  return new MockLanguageModelV3({
    doGenerate: async () => ({ content: [{ type: 'text', text: reply }], finishReason: stop, usage, warnings: [] }),
    doStream: async () => ({ stream: simulateReadableStream({ chunks, chunkDelayInMs: 5 }) }),
  });
}

/** The system messages the model was given. */
export const systemMessages = (model: MockLanguageModelV3) =>
  [...model.doGenerateCalls, ...model.doStreamCalls].flatMap((call) => call.prompt.flatMap((m) => (m.role === 'system' ? [m.content] : [])));
