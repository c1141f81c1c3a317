import { createMemctxClient } from '@memctx/client';
import { embeddingsCaughtUp } from './server.js';

/**
 * Memory for the tests of a per-request SIP budget (test/e2e/sip-budget.test.ts and the adapter packages' tests):
 * rounds that all bear on one query, so a SIP for it fills a few hundred tokens and a small budget has lines to cut.
 */
export const GARDEN_ROUNDS = [
  'In my garden I grow San Marzano tomatoes along the south fence, watered every morning before work.',
  'The garden has three raised beds of courgettes, and the courgettes always outgrow the rest of the garden by July.',
  'My garden herbs are basil, thyme and rosemary in terracotta pots next to the kitchen door.',
  'I planted two apple trees at the back of the garden; the Bramley needs a pollinator, so I added a Cox.',
  'The garden pond has frogs every spring, and I keep the garden free of slug pellets because of them.',
  'Last autumn I put garlic and broad beans in the garden beds to overwinter under fleece.',
].map((user_message, i) => ({ session_id: `garden-${i}`, user_message, assistant_message: 'Noted, that sounds lovely.' }));

export const GARDEN_QUERY = 'What grows in my garden?';

export interface SipBuildSeen {
  request: { token_budget?: number | null };
  response: { tokens_sip: number; token_budget: number; records_used: number; sip: string };
}

/** A fetch that keeps each SIP build's request body and answer, so a test sees what an adapter asked for and got. */
export function recordingSipBuilds(): { fetch: typeof fetch; builds: SipBuildSeen[] } {
  const builds: SipBuildSeen[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.endsWith('/sip/build')) return fetch(request);
    const body = (await request.clone().json()) as SipBuildSeen['request'];
    const response = await fetch(request);
    if (response.ok) builds.push({ request: body, response: (await response.clone().json()) as SipBuildSeen['response'] });
    return response;
  };
  return { fetch: recording, builds };
}

/**
 * A new user's client that records its SIP builds, with the garden rounds posted and embedded: the state both
 * adapters' budget tests ask in.
 */
export async function gardenClient(server: { url: string; newUser(name: string): Promise<{ key: string }> }, name: string) {
  const { fetch, builds } = recordingSipBuilds();
  const client = createMemctxClient({ baseUrl: server.url, apiKey: (await server.newUser(name)).key, fetch });
  for (const round of GARDEN_ROUNDS) await client.ingestRound(round);
  await embeddingsCaughtUp(server.url);
  return { client, builds };
}
