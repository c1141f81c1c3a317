import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { RunnableLambda, RunnableWithMessageHistory } from '@langchain/core/runnables';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemctxClient, type MemctxClient } from '@memctx/client';
import { GARDEN_QUERY, gardenClient } from '../../../test/e2e/sip-budget-fixture.js';
import { startService, type Service, type ServiceUser } from '../../../test/e2e/service.js';
import { MemctxChatMessageHistory, MemctxRetriever } from '../src/index.js';

let server: Service;
let user: ServiceUser;
let memctx: MemctxClient;

beforeAll(async () => {
  server = await startService();
  user = await server.newUser('langchain');
  memctx = createMemctxClient({ baseUrl: server.url, apiKey: user.key });
  await memctx.ingestRound({ session_id: 'earlier', user_message: 'My sister Ana lives in Porto.', assistant_message: 'Noted!' });
});
afterAll(async () => {
  await server?.stop();
});

/** A fake chat model that also keeps the messages it was given. */
function fakeModel(responses: string[]) {
  const model = new FakeListChatModel({ responses });
  const seen: BaseMessage[][] = [];
  model.callbacks = [{ handleChatModelStart: (_llm, messages) => void seen.push(...messages) }];
  return { model, seen };
}

const text = (messages: BaseMessage[] | undefined) => (messages ?? []).map((m) => `${m.getType()}: ${m.text}`);

describe('MemctxRetriever', () => {
  it('answers the cited records as documents, the cited line as text and the record with its provenance as metadata', async () => {
    const documents = await new MemctxRetriever({ client: memctx }).invoke('Where does my sister live?');

    expect(documents).toHaveLength(1);
    const [document] = documents;
    expect(document?.pageContent).toContain('My sister Ana lives in Porto.');
    expect(document?.id).toBe(document?.metadata.record_id);
    expect(document?.metadata).toMatchObject({ index: 1, provenance: 'ROUND', section: 'active_context', source_id: null, created_at: expect.any(String) });
    expect(document?.metadata.summary).toContain('My sister Ana lives in Porto.');
  });

  it('feeds a chain: the model is given the retrieved text', async () => {
    const { model, seen } = fakeModel(['She lives in Porto [1].']);
    const retriever = new MemctxRetriever({ client: memctx });
    const prompt = ChatPromptTemplate.fromMessages([
      ['system', 'Answer from this memory:\n{context}'],
      ['human', '{question}'],
    ]);
    const chain = RunnableLambda.from(async (question: string) => {
      const documents = await retriever.invoke(question);
      return { question, context: documents.map((d) => `[${d.metadata.index}] ${d.pageContent}`).join('\n') };
    })
      .pipe(prompt)
      .pipe(model);

    const answer = await chain.invoke('Where does my sister live?');
    expect(answer.text).toBe('She lives in Porto [1].');
    expect(text(seen[0])[0]).toContain('[1] ');
    expect(text(seen[0])[0]).toContain('My sister Ana lives in Porto.');
  });

  it('asks for a SIP within tokenBudget: fewer documents than the service budget gives', async () => {
    const { client, builds } = await gardenClient(server, 'langchain-budget');

    const all = await new MemctxRetriever({ client }).invoke(GARDEN_QUERY);
    const few = await new MemctxRetriever({ client, tokenBudget: 120 }).invoke(GARDEN_QUERY);

    const [full, small] = builds;
    expect(small?.request.token_budget).toBe(120);
    expect(small?.response.token_budget).toBe(120);
    expect(small?.response.tokens_sip).toBeLessThanOrEqual(120);
    expect(full?.response.tokens_sip).toBeGreaterThan(120);
    expect(few.length).toBe(small?.response.records_used);
    expect(few.length).toBeGreaterThanOrEqual(1);
    expect(few.length).toBeLessThan(all.length);
  });

  it('keeps to its project', async () => {
    const project = await memctx.createProject('elsewhere');
    const documents = await new MemctxRetriever({ client: memctx, projectId: project.id }).invoke('Where does my sister live?');
    expect(documents).toEqual([]);
  });
});

describe('MemctxChatMessageHistory', () => {
  it('gives RunnableWithMessageHistory the session so far and stores each exchange as a round', async () => {
    const { model, seen } = fakeModel(['Nice to meet you, Rui.', 'You are Rui.']);
    const prompt = ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history'), ['human', '{input}']]);
    const chain = new RunnableWithMessageHistory({
      runnable: prompt.pipe(model),
      getMessageHistory: (sessionId: string) => new MemctxChatMessageHistory({ client: memctx, sessionId }),
      inputMessagesKey: 'input',
      historyMessagesKey: 'history',
    });
    const config = { configurable: { sessionId: 'lc-history' } };

    await chain.invoke({ input: 'I am Rui.' }, config);
    const second = await chain.invoke({ input: 'Who am I?' }, config);

    expect(second.text).toBe('You are Rui.');
    expect(text(seen[1])).toEqual(['human: I am Rui.', 'ai: Nice to meet you, Rui.', 'human: Who am I?']);
    const stored = await user.call('GET', '/api/v1/sessions/lc-history/messages');
    expect(stored.body.messages.map((m: { role: string; content: string }) => `${m.role}: ${m.content}`)).toEqual([
      'user: I am Rui.',
      'assistant: Nice to meet you, Rui.',
      'user: Who am I?',
      'assistant: You are Rui.',
    ]);
  });

  it('holds a human message until its reply, posts one left unanswered with an empty reply, and reads a new session as empty', async () => {
    const history = new MemctxChatMessageHistory({ client: memctx, sessionId: 'lc-pending' });
    expect(await history.getMessages()).toEqual([]);

    await history.addUserMessage('First question');
    expect(text(await history.getMessages())).toEqual(['human: First question']);
    expect((await user.call('GET', '/api/v1/sessions/lc-pending/messages')).status).toBe(404);

    await history.addMessages([new HumanMessage('Second question'), new AIMessage('One answer')]);
    expect(text(await history.getMessages())).toEqual(['human: First question', 'human: Second question', 'ai: One answer']);
    const stored = await user.call('GET', '/api/v1/sessions/lc-pending/messages');
    expect(stored.body.messages.map((m: { role: string; content: string }) => `${m.role}: ${m.content}`)).toEqual([
      'user: First question',
      'user: Second question',
      'assistant: One answer',
    ]);
  });

  it('refuses an AI message that answers nothing, and clear() deletes the session', async () => {
    const history = new MemctxChatMessageHistory({ client: memctx, sessionId: 'lc-clear' });
    await expect(history.addAIMessage('Hello!')).rejects.toThrow('an AI message must answer a human message');

    await history.addMessages([new HumanMessage('Hi'), new AIMessage('Hello!')]);
    await history.clear();
    expect(await history.getMessages()).toEqual([]);
    expect((await user.call('GET', '/api/v1/sessions/lc-clear/messages')).status).toBe(404);
  });
});
