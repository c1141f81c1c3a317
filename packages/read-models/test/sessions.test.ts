import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@memctx/domain';
import { findLiveSession, listMessages, provenanceCounts, recentActivity, sessionsDueForPurge } from '@memctx/read-models';
import { backends, withWriteSide } from './harness.js';

describe.each(backends)('sessions written and read on %s', (_name, open) => {
  const side = withWriteSide(open);

  it('shows a session with its title, preview and project, and its turns a page at a time', async () => {
    const { h, service } = side;
    const { projectId } = await service.createProject('alice', 'Research');
    await service.ingestRound('alice', { session_id: 'a-1', project_id: projectId, user_message: 'What is RRF?', assistant_message: 'Reciprocal rank fusion.' });
    await service.ingestRound('alice', { session_id: 'a-1', user_message: 'And BM25?', assistant_message: '' });
    await h.catchUp();
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

  it('keeps users apart: the same session id is two sessions', async () => {
    const { h, service } = side;
    // alice's a-1 is the session of the test above.
    await service.ingestRound('bob', { session_id: 'a-1', user_message: "bob's secret", assistant_message: 'noted' });
    await h.catchUp();
    const alice = await listMessages(h.db, 'alice', 'a-1', { limit: 50, offset: 0 });
    expect(alice!.messages.some((m) => m.content.includes('bob'))).toBe(false);
    expect((await listMessages(h.db, 'bob', 'a-1', { limit: 50, offset: 0 }))!.total).toBe(2);
  });

  it('hides a soft-deleted session everywhere, restores it, and purges it after the window', async () => {
    const { h, service } = side;
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
    side.now = new Date(side.now.getTime() + 2 * 3600 * 1000);
    const due = await sessionsDueForPurge(h.db, side.now, 100);
    expect(due).toContainEqual({ userId: 'dave', sessionId: 'd-1' });
    expect(await service.purgeSession('dave', 'd-1')).toBe(true);
    expect(await service.purgeSession('dave', 'd-1')).toBe(false);
    await h.catchUp();
    await expect(service.restoreSession('dave', 'd-1')).rejects.toBeInstanceOf(NotFoundError);
    expect(await sessionsDueForPurge(h.db, side.now, 100)).not.toContainEqual({ userId: 'dave', sessionId: 'd-1' });
    const rows = await h.db.query("SELECT count(*)::int AS n FROM memory_records WHERE user_id = 'dave'");
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it('clear-all soft-deletes every listed active session and reports the count', async () => {
    const { h, service } = side;
    await service.ingestRound('erin', { session_id: 'e-1', user_message: 'one', assistant_message: '' });
    await service.ingestRound('erin', { session_id: 'e-2', user_message: 'two', assistant_message: '' });
    const { cleared } = await service.clearAll('erin', ['e-1', 'e-2', 'never-existed']);
    expect(cleared).toBe(2);
    await h.catchUp();
    expect(await findLiveSession(h.db, 'erin', 'e-1')).toBeUndefined();
    expect(await findLiveSession(h.db, 'erin', 'e-2')).toBeUndefined();
  });

  it('an Idempotency-Key makes a retried round land once', async () => {
    const { h, service } = side;
    const first = await service.ingestRound('fay', { session_id: 'f-1', user_message: 'once', assistant_message: '' }, 'key-1');
    const again = await service.ingestRound('fay', { session_id: 'f-1', user_message: 'once', assistant_message: '' }, 'key-1');
    expect(again.roundId).toBe(first.roundId);
    await h.catchUp();
    expect((await listMessages(h.db, 'fay', 'f-1', { limit: 50, offset: 0 }))!.total).toBe(1);
  });
});
