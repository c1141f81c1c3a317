import { createMemctxClient } from '@memctx/client';

const memctx = createMemctxClient({ baseUrl: process.env.MEMCTX_URL ?? 'http://localhost:8080', apiKey: process.env.MEMCTX_API_KEY! });

await memctx.ingestRound({ session_id: 's2', user_message: 'I am allergic to peanuts.', assistant_message: 'I will remember that.' });
const { sip, citations } = await memctx.buildSip({ query: 'What am I allergic to?' });
console.log(sip);
console.log(citations?.map((c) => `[${c.index}] ${c.provenance}: ${c.summary}`).join('\n'));

await memctx.deleteSession('s2');
const restored = await memctx.restoreSession('s2');
console.log(`restored ${restored.id} with ${restored.message_count} messages`);
const { records } = await memctx.listRecords({ query: 'allergy', limit: 3 });
console.log(records.map((r) => r.summary));
