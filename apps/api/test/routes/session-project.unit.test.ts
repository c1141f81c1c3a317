import { API_KEY_SCOPES } from '@memctx/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture } from './fixture.js';
import { sessionRow } from './rows.js';

/*
 * session-project.ts is how a key limited to a project finds a session's project: through the read model, after the
 * caller's own writes, deleted sessions included (so they can be restored). It serves every session route.
 */
const fixture = useRouteFixture();
let projectKey: string;

beforeAll(async () => {
  const f = fixture();
  projectKey = (await f.keyStore.create(ALICE, { scopes: API_KEY_SCOPES, projectId: 'p-1' })).apiKey;
  f.seed.session(ALICE, sessionRow({ id: 'in-p', project_id: 'p-1' }));
  f.seed.session(ALICE, sessionRow({ id: 'elsewhere', project_id: 'p-2' }));
  f.seed.session(ALICE, sessionRow({ id: 'loose', project_id: '' }));
  // Bob's session of the same id in a project of the same id is not Alice's.
  f.seed.session(BOB, sessionRow({ id: 'bobs', project_id: 'p-1' }));
});

const messagesWith = (key: string, session: string) => fixture().withKey(key, `/api/v1/sessions/${session}/messages`);

describe('a key limited to a project, on the session routes', () => {
  it('reaches a session of its project', async () => {
    expect(await messagesWith(projectKey, 'in-p')).toMatchObject({ status: 200, body: { session_id: 'in-p', user_id: ALICE } });
  });

  it('answers 403 for a session in another project or in none, naming why', async () => {
    expect(await messagesWith(projectKey, 'elsewhere')).toMatchObject({ status: 403, body: { detail: expect.stringContaining('session elsewhere is not in it') } });
    expect(await messagesWith(projectKey, 'loose')).toMatchObject({ status: 403, body: { detail: expect.stringContaining('session loose is not in it') } });
  });

  it('answers 403 for an unknown session and for another user’s, as for one that does not exist', async () => {
    expect(await messagesWith(projectKey, 'nowhere')).toMatchObject({ status: 403, body: { detail: expect.stringContaining('session nowhere does not exist in it') } });
    expect(await messagesWith(projectKey, 'bobs')).toMatchObject({ status: 403, body: { detail: expect.stringContaining('session bobs does not exist in it') } });
  });

  it('finds a deleted session of its project, so it can restore it', async () => {
    const f = fixture();
    const ingest = await f.as(ALICE, '/api/v1/memory/ingest', { method: 'POST', json: { session_id: 'undo', user_message: 'keep me', assistant_message: '' } });
    expect(ingest.status).toBe(200);
    expect((await f.as(ALICE, '/api/v1/sessions/undo', { method: 'DELETE' })).status).toBe(204);
    f.seed.session(ALICE, sessionRow({ id: 'undo', project_id: 'p-1', deleted_at: new Date().toISOString() }));
    expect(await f.withKey(projectKey, '/api/v1/sessions/undo/restore', { method: 'POST' })).toMatchObject({ status: 200, body: { id: 'undo', project_id: 'p-1' } });
  });
});
