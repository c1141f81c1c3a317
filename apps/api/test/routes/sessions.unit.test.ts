import { sessionStream } from '@memctx/domain';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture, validationErrorAt, type RouteFixture } from './fixture.js';
import { messageRow, sessionRow } from './rows.js';

const fixture = useRouteFixture();

/** A session the write side knows (one round ingested over HTTP) and the read model lists. */
async function liveSession(f: RouteFixture, user: typeof ALICE | typeof BOB, id: string): Promise<void> {
  const ingested = await f.as(user, '/api/v1/memory/ingest', { method: 'POST', json: { session_id: id, user_message: `hello from ${id}`, assistant_message: '' } });
  expect(ingested.status).toBe(200);
  f.seed.session(user, sessionRow({ id, message_count: 1 }));
}

const eventsIn = async (f: RouteFixture, user: string, session: string, type: string) =>
  (await f.events()).filter((event) => event.stream_id === sessionStream(user, session) && event.type === type);

describe('GET /api/v1/sessions/{session_id}/messages', () => {
  it('answers the caller’s transcript page by page, with the total and the caller', async () => {
    const f = fixture();
    f.seed.session(ALICE, sessionRow({ id: 'talk', message_count: 3 }));
    for (const id of ['t1', 't2', 't3']) f.seed.message(ALICE, messageRow({ id, session_id: 'talk' }));
    f.seed.message(BOB, messageRow({ id: 'bob-t', session_id: 'talk' }));

    const all = await f.as(ALICE, '/api/v1/sessions/talk/messages');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ session_id: 'talk', total: 3, user_id: ALICE });
    expect(all.body.messages.map((m: { id: string }) => m.id)).toEqual(['t1', 't2', 't3']);
    expect(Object.keys(all.body.messages[0]).sort()).toEqual(['content', 'created_at', 'id', 'records_used', 'role', 'round_id', 'sip_text']);

    const page = await f.as(ALICE, '/api/v1/sessions/talk/messages?limit=1&offset=1');
    expect(page.body).toMatchObject({ total: 3, messages: [{ id: 't2' }] });
  });

  it('answers 404 for another user’s session and for an unknown one', async () => {
    const f = fixture();
    f.seed.session(ALICE, sessionRow({ id: 'private' }));
    expect(await f.as(BOB, '/api/v1/sessions/private/messages')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect(await f.as(ALICE, '/api/v1/sessions/never/messages')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
  });

  it('answers 422 in the validation shape for a limit below 1', async () => {
    expect(await fixture().as(ALICE, '/api/v1/sessions/talk/messages?limit=0')).toMatchObject(validationErrorAt('query', 'limit'));
  });
});

describe('DELETE /api/v1/sessions/{session_id} and POST …/restore', () => {
  it('soft-deletes the caller’s session (204) and restores it (200, the session)', async () => {
    const f = fixture();
    await liveSession(f, ALICE, 'gone-soon');
    const deleted = await f.as(ALICE, '/api/v1/sessions/gone-soon', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(await eventsIn(f, ALICE, 'gone-soon', 'SessionSoftDeleted')).toHaveLength(1);
    expect(deleted.headers.get('x-memctx-position')).toMatch(/^\d+\.\d+$/);

    const restored = await f.as(ALICE, '/api/v1/sessions/gone-soon/restore', { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: 'gone-soon', title: 'session gone-soon', message_count: 1, project_id: '' });
    expect(await eventsIn(f, ALICE, 'gone-soon', 'SessionRestored')).toHaveLength(1);
  });

  it('answers 404 to another user and for an unknown session, and writes nothing', async () => {
    const f = fixture();
    await liveSession(f, ALICE, 'alice-only');
    const before = (await f.events()).length;
    expect(await f.as(BOB, '/api/v1/sessions/alice-only', { method: 'DELETE' })).toMatchObject({ status: 404 });
    expect(await f.as(BOB, '/api/v1/sessions/alice-only/restore', { method: 'POST' })).toMatchObject({ status: 404 });
    expect(await f.as(ALICE, '/api/v1/sessions/no-such', { method: 'DELETE' })).toMatchObject({ status: 404 });
    expect((await f.events()).length).toBe(before);
    expect(await eventsIn(f, ALICE, 'alice-only', 'SessionSoftDeleted')).toHaveLength(0);
  });

  it('answers 404 to restoring a session that is not deleted (nothing to restore), and writes nothing', async () => {
    const f = fixture();
    await liveSession(f, ALICE, 'still-here');
    expect(await f.as(ALICE, '/api/v1/sessions/still-here/restore', { method: 'POST' })).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect(await eventsIn(f, ALICE, 'still-here', 'SessionRestored')).toHaveLength(0);
  });
});

describe('POST /api/v1/sessions/clear-all', () => {
  const own = useRouteFixture();

  it('soft-deletes every live session of the caller and no one else’s', async () => {
    const f = own();
    await liveSession(f, ALICE, 'c1');
    await liveSession(f, ALICE, 'c2');
    await liveSession(f, BOB, 'c1');
    const response = await f.as(ALICE, '/api/v1/sessions/clear-all', { method: 'POST' });
    expect(response).toMatchObject({ status: 200, body: { cleared: 2 } });
    const deletions = (await f.events()).filter((event) => event.type === 'SessionSoftDeleted');
    expect(deletions.map((event) => event.stream_id).sort()).toEqual([sessionStream(ALICE, 'c1'), sessionStream(ALICE, 'c2')]);
    expect(deletions.every((event) => event.data.reason === 'clear_all')).toBe(true);
  });

  it('answers 401 without a key', async () => {
    const response = await fetch(`${own().app.url}/api/v1/sessions/clear-all`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
