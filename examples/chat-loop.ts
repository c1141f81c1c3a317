/**
 * A chat loop with memory: before each reply it asks memctx for the SIP (memory
 * context) and puts it in front of the prompt; after each reply it posts the
 * round. The "model" is an echo, so this runs without an LLM: swap `reply` for one.
 *
 *   MEMCTX_URL=http://localhost:8080 MEMCTX_API_KEY=mcx_... pnpm -s example:chat
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { createMemctxClient, MemctxApiError } from '@memctx/client';

const apiKey = process.env.MEMCTX_API_KEY;
if (!apiKey) throw new Error('Set MEMCTX_API_KEY (e.g. KEY=$(pnpm -s memctx keys create --user alice)).');
const memory = createMemctxClient({ baseUrl: process.env.MEMCTX_URL ?? 'http://localhost:8080', apiKey });
const sessionId = process.env.SESSION_ID ?? `chat-${randomUUID()}`;

/** Stands in for a model call: it only shows what the model would have been given. */
function reply(prompt: string, userMessage: string, citations: number): string {
  return `(echo) ${userMessage} — I was given ${prompt.length} characters of prompt with ${citations} memories.`;
}

const lines = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
console.log(`session ${sessionId}; type a message (Ctrl-D to stop)`);
for await (const userMessage of lines) {
  if (!userMessage.trim()) continue;
  try {
    const sip = await memory.buildSip({ query: userMessage, session_id: sessionId });
    const prompt = `${sip.sip}\n\nUser: ${userMessage}`;
    const assistantMessage = reply(prompt, userMessage, sip.citations?.length ?? 0);
    console.log(`you> ${userMessage}`);
    for (const citation of sip.citations ?? []) console.log(`  [${citation.index}] ${citation.summary} (${citation.provenance})`);
    console.log(`bot> ${assistantMessage}`);
    await memory.ingestRound({ session_id: sessionId, user_message: userMessage, assistant_message: assistantMessage });
  } catch (error) {
    // e.g. 429 when the daily ingest quota is used up: the message says so.
    if (error instanceof MemctxApiError) console.error(`memctx: ${error.message}`);
    else throw error;
  }
}
