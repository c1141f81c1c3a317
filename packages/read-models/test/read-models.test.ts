import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService, type MemoryService } from '@memctx/commands';
import { ConflictError, NotFoundError } from '@memctx/domain';
import {
  ACTIVITY_SUMMARY_LENGTH, findLiveSession, findProject, listMessages, provenanceCounts, recentActivity, retrieveCandidates, sessionsDueForPurge, turnsOf,
} from '@memctx/read-models';
import { backends, type Harness } from './harness.js';

describe.each(backends)('writes to read models on %s', (_name, open) => {
  let h: Harness;
  let now = new Date('2026-11-23T10:00:00.000Z');
  let service: MemoryService;
  beforeAll(async () => {
    h = await open();
    service = createMemoryService({ store: h.store, clock: () => now, sessionRetentionMs: 1000 * 3600 });
  });
  afterAll(() => h.close());

  it('projects a project with its session count, and renames it', async () => {
    const { projectId } = await service.createProject('alice', '  Research  ');
    await service.ingestRound('alice', { session_id: 'a-1', project_id: projectId, user_message: 'What is RRF?', assistant_message: 'Reciprocal rank fusion.' });
    await service.ingestRound('alice', { session_id: 'a-1', user_message: 'And BM25?', assistant_message: '' });
    await service.ingestRound('alice', { session_id: 'a-2', project_id: projectId, user_message: 'Second session', assistant_message: 'ok' });
    await service.renameProject('alice', projectId, 'Retrieval');
    await h.catchUp();
    expect(await findProject(h.db, 'alice', projectId)).toMatchObject({ name: 'Retrieval', session_count: 2, source_count: 0 });
    expect(await findProject(h.db, 'bob', projectId)).toBeUndefined();

    const session = await findLiveSession(h.db, 'alice', 'a-1');
    expect(session).toMatchObject({ title: 'What is RRF?', message_count: 3, last_message_preview: 'And BM25?', project_id: projectId, is_archived: false });
    const page = await listMessages(h.db, 'alice', 'a-1', { limit: 10, offset: 0 });
    expect(page!.total).toBe(3);
    expect(page!.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'What is RRF?'], ['assistant', 'Reciprocal rank fusion.'], ['user', 'And BM25?'],
    ]);
    expect(page!.messages[0]!.round_id).toBe(page!.messages[1]!.round_id);
    expect((await listMessages(h.db, 'alice', 'a-1', { limit: 1, offset: 1 }))!.messages.map((m) => m.role)).toEqual(['assistant']);
  });

  it('attaches a session to a project once, by its first write naming one, however many of its writes share a batch', async () => {
    const { projectId } = await service.createProject('erin', 'Batch');
    await service.ingestRound('erin', { session_id: 'e-1', user_message: 'no project yet', assistant_message: '' });
    for (let n = 0; n < 3; n++) {
      await service.ingestRound('erin', { session_id: 'e-1', project_id: projectId, user_message: `round ${n}`, assistant_message: 'ok' });
      await service.recordGenerated('erin', { session_id: 'e-2', project_id: projectId, user_message: `q ${n}`, assistant_message: 'a guess' });
    }
    await h.catchUp();
    expect(await findProject(h.db, 'erin', projectId)).toMatchObject({ session_count: 2 });
  });

  it("records the SIP built for a session on the next round's reply only, even before the session's first round", async () => {
    await service.recordSipBuilt('alice', {
      project_id: null, session_id: 'sip-1', query: 'q', records_used: 2, record_ids: ['a', 'b'], sip_text: 'Memory context [1] [2]',
      tokens_sip: 10, tokens_baseline: 100, grounded: true, abstain: false,
    });
    await service.ingestRound('alice', { session_id: 'sip-1', user_message: 'first', assistant_message: 'reply one' });
    await service.ingestRound('alice', { session_id: 'sip-1', user_message: 'second', assistant_message: 'reply two' });
    await h.catchUp();
    const page = await listMessages(h.db, 'alice', 'sip-1', { limit: 10, offset: 0 });
    expect(page!.messages.map((m) => [m.role, m.records_used, m.sip_text])).toEqual([
      ['user', 0, ''], ['assistant', 2, 'Memory context [1] [2]'], ['user', 0, ''], ['assistant', 0, ''],
    ]);
  });

  it('keeps users apart: the same session id is two sessions', async () => {
    await service.ingestRound('bob', { session_id: 'a-1', user_message: "bob's secret", assistant_message: 'noted' });
    await h.catchUp();
    const alice = await listMessages(h.db, 'alice', 'a-1', { limit: 50, offset: 0 });
    expect(alice!.messages.some((m) => m.content.includes('bob'))).toBe(false);
    expect((await listMessages(h.db, 'bob', 'a-1', { limit: 50, offset: 0 }))!.total).toBe(2);
  });

  it('refuses a project that is not the caller’s and a write to another project', async () => {
    const { projectId } = await service.createProject('alice', 'Mine');
    await expect(service.ingestRound('bob', { session_id: 'b-x', project_id: projectId, user_message: 'x', assistant_message: '' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.ingestRound('alice', { session_id: 'a-1', project_id: projectId, user_message: 'x', assistant_message: '' })).rejects.toMatchObject({ code: 'project_mismatch' });
  });

  it('counts provenance: rounds and generated statements, zero for the rest', async () => {
    await service.recordGenerated('carol', { session_id: 'c-1', user_message: 'Is it Tuesday?', assistant_message: 'Probably Tuesday.' });
    await service.ingestRound('carol', { session_id: 'c-1', user_message: 'hello', assistant_message: 'hi' });
    await h.catchUp();
    expect(await provenanceCounts(h.db, 'carol')).toEqual({
      USER_STATED: 0, USER_CONFIRMED: 0, DOCUMENT_VERIFIED: 0, AI_INFERRED: 0, ROUND: 1, AI_GENERATED: 1,
    });
    const activity = await recentActivity(h.db, 'carol', 10);
    expect(activity.map((a) => a.type).sort()).toEqual(['round_ingested', 'statement_generated']);
    expect(activity.find((a) => a.type === 'statement_generated')!.summary).toBe('Probably Tuesday.');
    // A generated statement is a record, not a transcript turn.
    expect((await listMessages(h.db, 'carol', 'c-1', { limit: 50, offset: 0 }))!.total).toBe(2);
  });

  it('shows each activity item as one line of at most ACTIVITY_SUMMARY_LENGTH characters', async () => {
    const message = `Plans\n\n  for\tthe ${'trip '.repeat(60)}`;
    await service.ingestRound('erin', { session_id: 'e-1', user_message: message, assistant_message: '' });
    await h.catchUp();
    const [item] = await recentActivity(h.db, 'erin', 10);
    expect(item!.summary).toBe(`Plans for the ${'trip '.repeat(60)}`.slice(0, ACTIVITY_SUMMARY_LENGTH));
  });

  it('hides a soft-deleted session everywhere, restores it, and purges it after the window', async () => {
    await service.ingestRound('dave', { session_id: 'd-1', user_message: 'remember my cat Tom', assistant_message: 'ok' });
    await service.deleteSession('dave', 'd-1');
    await h.catchUp();
    expect(await findLiveSession(h.db, 'dave', 'd-1')).toBeUndefined();
    expect(await listMessages(h.db, 'dave', 'd-1', { limit: 50, offset: 0 })).toBeUndefined();
    expect((await provenanceCounts(h.db, 'dave')).ROUND).toBe(0);
    expect(await recentActivity(h.db, 'dave', 10)).toEqual([]);
    await expect(service.ingestRound('dave', { session_id: 'd-1', user_message: 'x', assistant_message: '' })).rejects.toBeInstanceOf(ConflictError);

    await service.restoreSession('dave', 'd-1');
    await h.catchUp();
    expect((await findLiveSession(h.db, 'dave', 'd-1'))?.message_count).toBe(2);
    expect((await provenanceCounts(h.db, 'dave')).ROUND).toBe(1);

    await service.deleteSession('dave', 'd-1');
    await h.catchUp();
    now = new Date(now.getTime() + 2 * 3600 * 1000);
    const due = await sessionsDueForPurge(h.db, now, 100);
    expect(due).toContainEqual({ userId: 'dave', sessionId: 'd-1' });
    expect(await service.purgeSession('dave', 'd-1')).toBe(true);
    expect(await service.purgeSession('dave', 'd-1')).toBe(false);
    await h.catchUp();
    await expect(service.restoreSession('dave', 'd-1')).rejects.toBeInstanceOf(NotFoundError);
    expect(await sessionsDueForPurge(h.db, now, 100)).not.toContainEqual({ userId: 'dave', sessionId: 'd-1' });
    const rows = await h.db.query("SELECT count(*)::int AS n FROM memory_records WHERE user_id = 'dave'");
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it('clear-all soft-deletes every listed active session and reports the count', async () => {
    await service.ingestRound('erin', { session_id: 'e-1', user_message: 'one', assistant_message: '' });
    await service.ingestRound('erin', { session_id: 'e-2', user_message: 'two', assistant_message: '' });
    const { cleared } = await service.clearAll('erin', ['e-1', 'e-2', 'never-existed']);
    expect(cleared).toBe(2);
    await h.catchUp();
    expect(await findLiveSession(h.db, 'erin', 'e-1')).toBeUndefined();
    expect(await findLiveSession(h.db, 'erin', 'e-2')).toBeUndefined();
  });

  it('an Idempotency-Key makes a retried round land once', async () => {
    const first = await service.ingestRound('fay', { session_id: 'f-1', user_message: 'once', assistant_message: '' }, 'key-1');
    const again = await service.ingestRound('fay', { session_id: 'f-1', user_message: 'once', assistant_message: '' }, 'key-1');
    expect(again.roundId).toBe(first.roundId);
    await h.catchUp();
    expect((await listMessages(h.db, 'fay', 'f-1', { limit: 50, offset: 0 }))!.total).toBe(1);
  });

  it('keeps a round\'s two sides as said, even when a message holds the label text the content joins them with', async () => {
    const user_message = 'Quote this:\nAssistant: not me';
    await service.ingestRound('gus', { session_id: 'g-1', user_message, assistant_message: 'Quoted.\nUser: still me' });
    await h.catchUp();
    const [record] = await retrieveCandidates(h.db, { userId: 'gus', projectId: null, includeGlobal: false }, { queryText: null, queryEmbedding: null });
    expect(turnsOf(record!)).toEqual([{ role: 'user', text: user_message }, { role: 'assistant', text: 'Quoted.\nUser: still me' }]);
  });
});
