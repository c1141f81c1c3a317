import { beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture, validationErrorAt } from './fixture.js';
import { projectRow, sessionRow } from './rows.js';

const fixture = useRouteFixture();
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

beforeAll(() => {
  const { seed } = fixture();
  for (const id of ['pa', 'pb', 'pc']) seed.project(ALICE, projectRow({ id }));
  seed.project(BOB, projectRow({ id: 'bob-project' }));
  seed.session(ALICE, sessionRow({ id: 's1', project_id: 'pa' }));
  seed.session(ALICE, sessionRow({ id: 's2', project_id: 'pb' }));
  seed.session(ALICE, sessionRow({ id: 's3', project_id: 'pa', deleted_at: '2026-01-02T00:00:00.000Z' }));
  seed.session(BOB, sessionRow({ id: 'bob-session', project_id: 'bob-project' }));
});

describe('GET /api/v1/projects', () => {
  it('pages through the caller’s projects with the next cursor, and only theirs', async () => {
    const f = fixture();
    const first = await f.as(ALICE, '/api/v1/projects?limit=2');
    expect(first.status).toBe(200);
    expect(ids(first.body.projects)).toEqual(['pa', 'pb']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(Object.keys(first.body.projects[0]).sort()).toEqual(['created_at', 'id', 'name', 'session_count', 'source_count', 'updated_at']);

    const second = await f.as(ALICE, `/api/v1/projects?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ next_cursor: null });
    expect(ids(second.body.projects)).toEqual(['pc']);
    expect(ids((await f.as(BOB, '/api/v1/projects')).body.projects)).toEqual(['bob-project']);
  });

  it('answers 422 in the validation shape for a cursor that is not base64url and a limit below 1', async () => {
    expect(await fixture().as(ALICE, '/api/v1/projects?cursor=not%20one')).toMatchObject(validationErrorAt('query', 'cursor'));
    expect(await fixture().as(ALICE, '/api/v1/projects?limit=0')).toMatchObject(validationErrorAt('query', 'limit'));
  });

  it('answers 401 without a key', async () => {
    expect((await fetch(`${fixture().app.url}/api/v1/projects`)).status).toBe(401);
  });
});

describe('GET /api/v1/sessions', () => {
  it('lists the caller’s live sessions, by project, with the deleted ones when asked', async () => {
    const f = fixture();
    const live = await f.as(ALICE, '/api/v1/sessions');
    expect(live).toMatchObject({ status: 200, body: { next_cursor: null } });
    expect(ids(live.body.sessions)).toEqual(['s1', 's2']);
    expect(live.body.sessions[0]).toMatchObject({ id: 's1', project_id: 'pa', deleted_at: null });
    expect(ids((await f.as(ALICE, '/api/v1/sessions?project_id=pa')).body.sessions)).toEqual(['s1']);
    const withDeleted = await f.as(ALICE, '/api/v1/sessions?project_id=pa&include_deleted=true');
    expect(withDeleted.body.sessions).toMatchObject([{ id: 's1' }, { id: 's3', deleted_at: '2026-01-02T00:00:00.000Z' }]);
  });

  it('answers 404 for another user’s project and for an unknown one, never an empty list', async () => {
    expect(await fixture().as(ALICE, '/api/v1/sessions?project_id=bob-project')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect(await fixture().as(BOB, '/api/v1/sessions?project_id=pa')).toMatchObject({ status: 404 });
  });

  it('answers 422 for an include_deleted that is not a boolean', async () => {
    expect(await fixture().as(ALICE, '/api/v1/sessions?include_deleted=perhaps')).toMatchObject(validationErrorAt('query', 'include_deleted'));
  });
});
