import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@memctx/cli';
import { createMemctxClient, MemctxApiError, type MemctxClient } from '@memctx/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

let server: TestServer;
// The filesystem connector's root: sources in an export are fetched again from it on import.
let documents: string;
beforeAll(async () => {
  documents = await mkdtemp(join(tmpdir(), 'memctx-export-docs-'));
  server = await startTestServer({ MEMCTX_FS_CONNECTOR_ROOT: documents });
});
afterAll(async () => {
  await server?.stop();
  await rm(documents, { recursive: true, force: true });
});

const GARDEN_NOTES = [
  '# Garden notes',
  `## Tomatoes\n\n${'Tomatoes want full sun, deep watering twice a week and a stake by June. '.repeat(30)}`,
  `## Basil\n\n${'Basil is sown in April beside the tomatoes and pinched before it flowers. '.repeat(30)}`,
].join('\n\n');

async function ingestFile(client: MemctxClient, name: string, text: string, sessionId: string) {
  await writeFile(join(documents, name), text);
  const answer = await client.ingestDocument('filesystem', { credentials: {}, external_id: name, session_id: sessionId });
  expect(answer.status).toBe('ingested');
  return answer.chunks_stored;
}

async function importFile(file: string, key: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['import', file], { env: { MEMCTX_URL: server.url, MEMCTX_API_KEY: key }, stdout: (t) => out.push(t), stderr: (t) => err.push(t), fetch: globalThis.fetch });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

async function newClient(prefix: string): Promise<{ client: MemctxClient; key: string; userId: string }> {
  const user = await server.newUser(prefix);
  return { client: createMemctxClient({ baseUrl: server.url, apiKey: user.key }), key: user.key, userId: user.userId };
}

async function failure(work: Promise<unknown>): Promise<MemctxApiError> {
  const error = await work.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(MemctxApiError);
  return error as MemctxApiError;
}

const exportText = async (client: MemctxClient) => new Response(await client.exportMemory()).text();
const linesOf = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);

describe('browsing projects and sessions', () => {
  it('pages by cursor without gaps or repeats, and caps the limit', async () => {
    const { client } = await newClient('browse-pages');
    const created = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) created.push((await client.createProject(name)).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listProjects({ limit: 2, cursor });
      expect(page.projects.length).toBeLessThanOrEqual(2);
      seen.push(...page.projects.map((project) => project.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...created].sort());
    expect((await client.listProjects({ limit: 100_000 })).projects).toHaveLength(5);
  });

  it('refuses bad bounds with 422 in the spec shape, and foreign ids with 404', async () => {
    const { client } = await newClient('browse-bounds');
    const other = await newClient('browse-other');
    const theirs = await other.client.createProject('theirs');
    const zero = await failure(client.listProjects({ limit: 0 }));
    expect(zero.status).toBe(422);
    expect(zero.detail).toEqual([expect.objectContaining({ loc: ['query', 'limit'], type: expect.any(String) })]);
    expect((await failure(client.listSessions({ cursor: 'not a cursor!' }))).status).toBe(422);
    expect((await failure(client.listSessions({ cursor: 'x'.repeat(601) }))).status).toBe(422);
    const raw = await client.raw.GET('/api/v1/sessions', { params: { query: { include_deleted: 'perhaps' as unknown as boolean } } });
    expect(raw.response.status).toBe(422);
    expect((await failure(client.listSessions({ project_id: theirs.id }))).status).toBe(404);
    expect((await failure(client.listRecords({ project_id: theirs.id }))).status).toBe(404);
    expect((await failure(client.listRecords({ session_id: 'nobody-has-it' }))).status).toBe(404);
    expect((await failure(client.listRecords({ provenance: 'MADE_UP' as 'ROUND' }))).status).toBe(422);
    // A well-formed cursor that this endpoint never made: 422, not a database error.
    const forged = Buffer.from('2026-13-45T99:00:00.000000Z|x').toString('base64url');
    const forgedError = await failure(client.listRecords({ cursor: forged }));
    expect(forgedError.status).toBe(422);
    expect(forgedError.detail).toEqual([expect.objectContaining({ loc: ['query', 'cursor'] })]);
  });

  it('lists deleted sessions only when asked, with when they were deleted', async () => {
    const { client } = await newClient('browse-deleted');
    await client.ingestRound({ session_id: 'keep', user_message: 'one', assistant_message: '' });
    await client.ingestRound({ session_id: 'drop', user_message: 'two', assistant_message: '' });
    await client.deleteSession('drop');
    expect((await client.listSessions()).sessions.map((s) => s.id)).toEqual(['keep']);
    const all = (await client.listSessions({ include_deleted: true })).sessions;
    expect(all.map((s) => [s.id, s.deleted_at === null])).toEqual([['drop', false], ['keep', true]]);
  });
});

describe('browsing and searching records', () => {
  it('lists newest first with provenance and dates, filters, pages, and searches with the SIP retrieval', async () => {
    const { client } = await newClient('records');
    const project = await client.createProject('home');
    await client.ingestRound({ session_id: 'r-1', user_message: 'My sister Ana lives in Porto.', assistant_message: 'Nice.', project_id: project.id, timestamp: '2026-01-01T10:00:00Z' });
    await client.ingestRound({ session_id: 'r-1', user_message: 'I play the cello on Sundays.', assistant_message: 'Lovely.', project_id: project.id, timestamp: '2026-01-02T10:00:00Z' });
    await client.ingestRound({ session_id: 'r-2', user_message: 'Remind me to buy oat milk.', assistant_message: 'Sure.' });
    await client.recordGenerated({ session_id: 'r-2', assistant_message: 'You probably prefer plant milks.' });

    const all = await client.listRecords();
    expect(all.records).toHaveLength(4);
    expect(all.records[0]).toMatchObject({ provenance: expect.any(String), created_at: expect.any(String), source: null, score: null });
    const times = all.records.map((record) => record.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await client.listRecords({ provenance: 'AI_GENERATED' })).records.map((r) => r.content)).toEqual([expect.stringContaining('plant milks')]);
    expect((await client.listRecords({ session_id: 'r-1' })).records).toHaveLength(2);
    expect((await client.listRecords({ project_id: project.id })).records.every((r) => r.project_id === project.id)).toBe(true);

    const first = await client.listRecords({ limit: 3 });
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await client.listRecords({ limit: 3, cursor: first.next_cursor! });
    expect([...first.records, ...second.records].map((r) => r.id)).toEqual(all.records.map((r) => r.id));
    expect(second.next_cursor).toBeNull();

    const found = await client.listRecords({ query: 'Which instrument do I play?', limit: 1 });
    expect(found.records).toHaveLength(1);
    expect(found.records[0]!.content).toContain('cello');
    expect(found.records[0]!.score).toBeGreaterThan(0);
    expect(found.next_cursor).toBeNull();
  });
});

describe('export and import', () => {
  it('streams everything as JSON Lines, and memctx import restores it with the counts preserved', async () => {
    const source = await newClient('export-src');
    const project = await source.client.createProject('garden');
    await source.client.ingestRound({ session_id: 'e-1', user_message: 'I grow tomatoes.', assistant_message: 'Great.', project_id: project.id });
    await source.client.ingestRound({ session_id: 'e-1', user_message: 'And basil.', assistant_message: '', project_id: project.id });
    await source.client.ingestRound({ session_id: 'e-2', user_message: 'Delete me later.', assistant_message: 'OK.' });
    await source.client.recordGenerated({ session_id: 'e-2', user_message: 'Plants?', assistant_message: 'You like herbs.' });
    const chunks = await ingestFile(source.client, 'garden-notes.md', GARDEN_NOTES, 'e-2');
    expect(chunks).toBeGreaterThan(1);
    await source.client.deleteSession('e-2');

    const response = await fetch(`${server.url}/api/v1/export`, { headers: { authorization: `Bearer ${source.key}` } });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const exported = linesOf(await response.text());
    expect(exported[0]).toMatchObject({ type: 'header', format: 'memctx-export', version: 1, user_id: source.userId });
    const end = exported.at(-1)!;
    expect(end).toEqual({ type: 'end', counts: { projects: 1, sessions: 2, messages: 5, records: 4 + chunks, sources: 1 } });
    for (const kind of ['project', 'session', 'message', 'record', 'source'] as const) {
      expect(exported.filter((line) => line.type === kind)).toHaveLength((end.counts as Record<string, number>)[`${kind}s`]!);
    }

    const dir = await mkdtemp(join(tmpdir(), 'memctx-export-'));
    try {
      const file = join(dir, 'export.jsonl');
      await writeFile(file, await exportText(source.client));
      const target = await newClient('export-dst');
      const first = await importFile(file, target.key);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`Imported 1 projects, 3 rounds, 1 generated statements; fetched 1 of 1 sources again (${chunks} chunks; the export had ${chunks})`);
      expect(first.stderr).toBe('');
      // Running it again (as after a quota stop) duplicates nothing.
      expect((await importFile(file, target.key)).code).toBe(0);
      const restored = linesOf(await exportText(target.client));
      expect(restored.at(-1)).toEqual(end);
      const sessions = (lines: typeof exported) => lines.filter((l) => l.type === 'session').map((l) => [l.id, l.message_count, l.deleted_at === null]);
      expect(sessions(restored)).toEqual(sessions(exported));
      const contents = (lines: typeof exported) => lines.filter((l) => l.type === 'message').map((l) => [l.session_id, l.role, l.content]);
      expect(contents(restored)).toEqual(contents(exported));
      const records = (lines: typeof exported) => lines.filter((l) => l.type === 'record').map((l) => [l.provenance, l.session_id, l.source_title, l.content]).sort();
      expect(records(restored)).toEqual(records(exported));
      // The source is back in its session (deleted again with it), fetched by its connector.
      const sources = (lines: typeof exported) => lines.filter((l) => l.type === 'source').map((l) => [l.source_type, l.external_id, l.title, l.session_id, l.ingest_status, l.chunk_count]);
      expect(sources(restored)).toEqual(sources(exported));

      const missingKey = await runCli(['import', file], { env: { MEMCTX_URL: server.url }, stdout: () => {}, stderr: () => {}, fetch: globalThis.fetch });
      expect(missingKey).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('reports the sources it cannot fetch again, and restores everything else', async () => {
    const source = await newClient('export-gaps');
    await source.client.ingestRound({ session_id: 'g-1', user_message: 'I keep notes on the garden.', assistant_message: 'OK.' });
    await ingestFile(source.client, 'kept-notes.md', GARDEN_NOTES, 'g-1');
    await ingestFile(source.client, 'gone-notes.md', '# Gone\n\nThis file is deleted before the import.', 'g-1');
    // A GitHub source, as another export would carry it: its credentials are never exported.
    const lines = linesOf(await exportText(source.client)).map((line) =>
      line.type === 'source' && line.external_id === 'kept-notes.md' ? { ...line, source_type: 'github', external_id: 'docs/kept-notes.md' } : line,
    );
    await unlink(join(documents, 'gone-notes.md'));
    const dir = await mkdtemp(join(tmpdir(), 'memctx-export-'));
    try {
      const file = join(dir, 'export.jsonl');
      await writeFile(file, lines.map((line) => JSON.stringify(line)).join('\n'));
      const target = await newClient('export-gaps-dst');
      const result = await importFile(file, target.key);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('fetched 0 of 2 sources again (0 chunks;');
      expect(result.stderr).toMatch(/Not restored: github source docs\/kept-notes\.md \(\d+ chunks\): the github connector needs token, owner, repo, which an export never carries/);
      expect(result.stderr).toMatch(/Not restored: filesystem source gone-notes\.md \(1 chunks\): 404/);
      const restored = linesOf(await exportText(target.client));
      expect(restored.at(-1)).toMatchObject({ counts: { sessions: 1, messages: 2, records: 1, sources: 0 } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
