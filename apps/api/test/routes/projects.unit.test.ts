import { projectStream } from '@memctx/domain';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture, validationErrorAt, type RouteFixture } from './fixture.js';
import { projectRow, sourceRow } from './rows.js';

const fixture = useRouteFixture();
const eventsOf = async (f: RouteFixture, type: string) => (await f.events()).filter((event) => event.type === type);

async function createProject(f: RouteFixture, user: typeof ALICE | typeof BOB, name: string): Promise<string> {
  const response = await f.as(user, '/api/v1/projects', { method: 'POST', json: { name } });
  expect(response.status).toBe(200);
  return response.body.id;
}

describe('POST /api/v1/projects', () => {
  it('creates the project in the caller’s stream and answers it (the write itself while the read model lags)', async () => {
    const f = fixture();
    const response = await f.as(ALICE, '/api/v1/projects', { method: 'POST', json: { name: '  Garden  ' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(String), name: 'Garden', created_at: expect.any(String), updated_at: response.body.created_at, session_count: 0, source_count: 0,
    });
    const [created] = (await eventsOf(f, 'ProjectCreated')).filter((event) => event.data.project_id === response.body.id);
    expect(created).toMatchObject({ stream_id: projectStream(ALICE, response.body.id), data: { user_id: ALICE, name: 'Garden', created_at: response.body.created_at } });
  });

  it('answers 422 in the validation shape for a blank name', async () => {
    expect(await fixture().as(ALICE, '/api/v1/projects', { method: 'POST', json: { name: '   ' } })).toMatchObject(validationErrorAt('body', 'name'));
    expect(await fixture().as(ALICE, '/api/v1/projects', { method: 'POST', json: {} })).toMatchObject(validationErrorAt('body', 'name'));
  });
});

describe('PATCH /api/v1/projects/{project_id}', () => {
  it('renames the caller’s project and answers its row', async () => {
    const f = fixture();
    const id = await createProject(f, ALICE, 'Old name');
    f.seed.project(ALICE, projectRow({ id, name: 'Old name' }));
    const response = await f.as(ALICE, `/api/v1/projects/${id}`, { method: 'PATCH', json: { name: 'New name' } });
    expect(response).toMatchObject({ status: 200, body: { id } });
    expect((await eventsOf(f, 'ProjectRenamed')).filter((event) => event.stream_id === projectStream(ALICE, id)).map((event) => event.data.name)).toEqual(['New name']);
    expect(response.headers.get('x-memctx-position')).toMatch(/^\d+\.\d+$/);
  });

  it('answers 404 for another user’s project and for an unknown one, and renames nothing', async () => {
    const f = fixture();
    const id = await createProject(f, BOB, 'Bob’s');
    f.seed.project(BOB, projectRow({ id, name: 'Bob’s' }));
    const renamesBefore = (await eventsOf(f, 'ProjectRenamed')).length;
    expect(await f.as(ALICE, `/api/v1/projects/${id}`, { method: 'PATCH', json: { name: 'Mine now' } })).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect(await f.as(ALICE, '/api/v1/projects/no-such-project', { method: 'PATCH', json: { name: 'x' } })).toMatchObject({ status: 404 });
    expect((await eventsOf(f, 'ProjectRenamed')).length).toBe(renamesBefore);
  });

  it('answers 422 for a blank name', async () => {
    expect(await fixture().as(ALICE, '/api/v1/projects/any', { method: 'PATCH', json: { name: '' } })).toMatchObject(validationErrorAt('body', 'name'));
  });
});

describe('GET /api/v1/projects/{project_id}/sources', () => {
  it('lists the sources of the caller’s project, newest first, in the contract’s shape', async () => {
    const f = fixture();
    f.seed.project(ALICE, projectRow({ id: 'docs' }));
    f.seed.source(ALICE, sourceRow({ id: 'older', project_id: 'docs' }));
    f.seed.source(ALICE, sourceRow({ id: 'newer', project_id: 'docs', ingest_status: 'pending' }));
    f.seed.source(ALICE, sourceRow({ id: 'other-project', project_id: 'elsewhere' }));
    f.seed.source(BOB, sourceRow({ id: 'bobs', project_id: 'docs' }));
    const response = await f.as(ALICE, '/api/v1/projects/docs/sources');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.sources.map((source: { id: string }) => source.id)).toEqual(['newer', 'older']);
    expect(Object.keys(response.body.sources[0]).sort()).toEqual(
      ['chunk_count', 'created_at', 'external_id', 'id', 'ingest_status', 'provenance', 'source_type', 'title', 'updated_at'],
    );
  });

  it('answers 404 for another user’s project and for an unknown one', async () => {
    const f = fixture();
    f.seed.project(ALICE, projectRow({ id: 'alices-docs' }));
    expect(await f.as(BOB, '/api/v1/projects/alices-docs/sources')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect(await f.as(ALICE, '/api/v1/projects/none/sources')).toMatchObject({ status: 404 });
  });
});
