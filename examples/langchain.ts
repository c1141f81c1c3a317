import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableWithMessageHistory } from '@langchain/core/runnables';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { createMemctxClient } from '@memctx/client';
import { MemctxChatMessageHistory, MemctxRetriever } from '@memctx/langchain';

const client = createMemctxClient({ baseUrl: process.env.MEMCTX_URL ?? 'http://localhost:8080', apiKey: process.env.MEMCTX_API_KEY! });
await client.ingestRound({ session_id: 'family', user_message: 'My sister Ana lives in Porto.', assistant_message: 'Noted!' });

// A retriever: the records the SIP cites, with where each comes from.
const documents = await new MemctxRetriever({ client }).invoke('Where does my sister live?');
for (const doc of documents) console.log(`[${doc.metadata.index}] ${doc.metadata.provenance} ${doc.metadata.record_id}: ${doc.pageContent}`);

// A chat whose history is a memctx session; FakeListChatModel stands in for a chat model such as ChatOpenAI.
const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
const chat = new RunnableWithMessageHistory({
  runnable: prompt.pipe(new FakeListChatModel({ responses: ['Hello Rui!', 'You are Rui.'] })),
  getMessageHistory: (sessionId: string) => new MemctxChatMessageHistory({ client, sessionId }),
  inputMessagesKey: 'input',
  historyMessagesKey: 'history',
});
const session = { configurable: { sessionId: `chat-${Date.now()}` } };
await chat.invoke({ input: 'I am Rui.' }, session);
await chat.invoke({ input: 'Who am I?' }, session);

const history = await new MemctxChatMessageHistory({ client, sessionId: session.configurable.sessionId }).getMessages();
console.log(history.map((m) => `${m.getType()}: ${m.text}`).join('\n'));
