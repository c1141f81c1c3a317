import { streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { memctxMemory, memctxMetadata } from '@memctx/ai-sdk';
import { createMemctxClient } from '@memctx/client';

const client = createMemctxClient({ baseUrl: process.env.MEMCTX_URL ?? 'http://localhost:8080', apiKey: process.env.MEMCTX_API_KEY! });
await client.ingestRound({ session_id: 'trip', user_message: 'My flight to Lisbon leaves on May 3rd.', assistant_message: 'Have a good trip!' });

// Stands in for any AI SDK model (e.g. openai('gpt-4o') from @ai-sdk/openai): it streams back the memory it was given.
const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const echo = new MockLanguageModelV3({
  doStream: async ({ prompt }) => {
    const memory = prompt.flatMap((m) => (m.role === 'system' ? m.content.split('\n').filter((line) => line.startsWith('[')) : []));
    const words = `(echo) I remember: ${memory.join(' ')}`.split(/(?<= )/);
    const chunks = [
      { type: 'text-start' as const, id: 't' },
      ...words.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
      { type: 'text-end' as const, id: 't' },
      { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' }, usage },
    ];
    return { stream: simulateReadableStream({ chunks, chunkDelayInMs: 20 }) };
  },
});

const model = wrapLanguageModel({ model: echo, middleware: memctxMemory({ client, sessionId: 'trip-planning' }) });
const result = streamText({ model, prompt: 'When does my flight leave?' });
for await (const text of result.textStream) process.stdout.write(text);

const memory = memctxMetadata(await result.providerMetadata);
console.log(`\n${memory?.citations.map((c) => `[${c.index}] ${c.provenance}: ${c.summary}`).join('\n')}`);
console.log(`remembered as round ${memory?.roundId}`);
