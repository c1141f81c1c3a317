import { beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture, validationErrorAt } from './fixture.js';
import { projectRow, recordRow, sessionRow } from './rows.js';

const fixture = useRouteFixture();
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
const records = (user: typeof ALICE | typeof BOB, query = '') => fixture().as(user, `/api/v1/memory/records${query}`);

beforeAll(() => {
  const { seed } = fixture();
  seed.project(ALICE, projectRow({ id: 'garden' }));
  seed.session(ALICE, sessionRow({ id: 'chat', project_id: 'garden' }));
  // Seeded oldest first: the listing is newest first.
  seed.record(ALICE, recordRow({ id: 'r1', project_id: 'garden', session_id: 'chat', content: 'tomatoes need sun' }));
  seed.record(ALICE, recordRow({ id: 'r2', project_id: 'garden', content: 'basil grows near tomatoes', provenance: 'DOCUMENT_VERIFIED' }));
  seed.record(ALICE, recordRow({ id: 'r3', content: 'the car is blue' }));
  seed.record(BOB, recordRow({ id: 'bob-r', content: 'tomatoes are red', project_id: 'garden' }));
});

describe('GET /api/v1/memory/records', () => {
  it('lists the caller’s records newest first, page by page, in the contract’s shape', async () => {
    const first = await records(ALICE, '?limit=2');
    expect(first.status).toBe(200);
    expect(ids(first.body.records)).toEqual(['r3', 'r2']);
    expect(first.body.records[0]).toMatchObject({ id: 'r3', provenance: 'ROUND', record_type: 'FACTUAL', source: null, score: null, embedded: false });
    const second = await records(ALICE, `?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ next_cursor: null });
    expect(ids(second.body.records)).toEqual(['r1']);
  });

  it('filters by project, session and provenance', async () => {
    expect(ids((await records(ALICE, '?project_id=garden')).body.records)).toEqual(['r2', 'r1']);
    expect(ids((await records(ALICE, '?session_id=chat')).body.records)).toEqual(['r1']);
    expect(ids((await records(ALICE, '?provenance=DOCUMENT_VERIFIED')).body.records)).toEqual(['r2']);
  });

  it('ranks by the query with scores, one page without a cursor', async () => {
    const response = await records(ALICE, '?query=tomatoes');
    expect(response).toMatchObject({ status: 200, body: { next_cursor: null } });
    expect(ids(response.body.records).sort()).toEqual(['r1', 'r2']);
    expect(response.body.records.every((record: { score: unknown }) => typeof record.score === 'number')).toBe(true);
  });

  it('never shows another user’s records, and answers 404 for their project or session', async () => {
    expect(ids((await records(BOB)).body.records)).toEqual(['bob-r']);
    expect(ids((await records(BOB, '?query=tomatoes')).body.records)).toEqual(['bob-r']);
    // Bob has records in a project of the same id, but no such project: it is not his to filter by.
    expect(await records(BOB, '?project_id=garden')).toMatchObject({ status: 404, body: { detail: 'Not Found' } });
    expect(await records(BOB, '?session_id=chat')).toMatchObject({ status: 404 });
    expect(await records(ALICE, '?session_id=nope')).toMatchObject({ status: 404 });
  });

  it('answers 422 in the validation shape for a cursor this endpoint did not make and an unknown provenance', async () => {
    const foreign = Buffer.from('pa').toString('base64url');
    expect(await records(ALICE, `?cursor=${foreign}`)).toMatchObject(validationErrorAt('query', 'cursor'));
    expect(await records(ALICE, '?provenance=RUMOUR')).toMatchObject(validationErrorAt('query', 'provenance'));
  });
});
