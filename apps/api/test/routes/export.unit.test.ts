import { API_KEY_SCOPES, EXPORT_MEDIA_TYPE } from '@memctx/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, useRouteFixture } from './fixture.js';
import { messageRow, projectRow, recordRow, sessionRow, sourceRow } from './rows.js';

const fixture = useRouteFixture();

beforeAll(() => {
  const { seed } = fixture();
  seed.project(ALICE, projectRow({ id: 'alice-p' }));
  seed.session(ALICE, sessionRow({ id: 'alice-s', project_id: 'alice-p' }));
  seed.session(ALICE, sessionRow({ id: 'alice-gone', deleted_at: '2026-01-03T00:00:00.000Z' }));
  seed.message(ALICE, messageRow({ id: 'alice-m', session_id: 'alice-s' }));
  seed.record(ALICE, recordRow({ id: 'alice-r' }));
  seed.source(ALICE, sourceRow({ id: 'alice-src', project_id: 'alice-p' }));
  seed.project(BOB, projectRow({ id: 'bob-p' }));
  seed.record(BOB, recordRow({ id: 'bob-r' }));
});

/** The JSON Lines of an export answer. */
const linesOf = (text: string) => text.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; id?: string } & Record<string, unknown>);

describe('GET /api/v1/export', () => {
  it('streams the caller’s memory as JSON Lines: header, every kind of row, end with the counts', async () => {
    const f = fixture();
    const response = await fetch(`${f.app.url}/api/v1/export`, { headers: { authorization: `Bearer ${f.keys[ALICE]}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(new RegExp(`^${EXPORT_MEDIA_TYPE.replace('/', '\\/')}`));
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="memctx-export.jsonl"');
    const lines = linesOf(await response.text());
    expect(lines[0]).toMatchObject({ type: 'header', format: 'memctx-export', version: 1, user_id: ALICE });
    expect(lines.slice(1, -1).map((line) => `${line.type}:${line.id}`)).toEqual([
      'project:alice-p', 'session:alice-gone', 'session:alice-s', 'message:alice-m', 'record:alice-r', 'source:alice-src',
    ]);
    expect(lines.at(-1)).toEqual({ type: 'end', counts: { projects: 1, sessions: 2, messages: 1, records: 1, sources: 1 } });
  });

  it('exports nothing of another user', async () => {
    const f = fixture();
    const response = await fetch(`${f.app.url}/api/v1/export`, { headers: { authorization: `Bearer ${f.keys[BOB]}` } });
    const text = await response.text();
    expect(text).not.toContain('alice');
    expect(linesOf(text).slice(1, -1).map((line) => line.id)).toEqual(['bob-p', 'bob-r']);
  });

  it('answers 401 without a key and 403 to a key limited to a project (an export spans every project)', async () => {
    const f = fixture();
    expect((await fetch(`${f.app.url}/api/v1/export`)).status).toBe(401);
    const projectKey = (await f.keyStore.create(ALICE, { scopes: API_KEY_SCOPES, projectId: 'alice-p' })).apiKey;
    expect(await f.withKey(projectKey, '/api/v1/export')).toMatchObject({ status: 403, body: { detail: expect.stringContaining('spans every project') } });
  });
});
