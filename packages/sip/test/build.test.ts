import { createMemoryService, type MemoryService } from '@memctx/commands';
import { createPostgresDb, ensureVectorExtension, type Db } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore, type EventStore } from '@memctx/event-store';
import { catchUp, ensureActiveGeneration, migrateGenerations } from '@memctx/projections';
import { allProjections, neighbours, searchLexical } from '@memctx/read-models';
import { createTestDatabase, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';
import { countTokens } from '@memctx/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSip } from '../src/index.js';

/*
 * The SIP contract on real PostgreSQL, full-text retrieval only (no embedder):
 * scope, isolation, eligibility and soft-delete rules. The embedding path is
 * covered end to end in test/e2e/sip.test.ts.
 */
describe('SIP build over the read models', () => {
  let database: TestDatabase;
  let db: Db;
  let store: EventStore;
  let service: MemoryService;
  let projectId: string;
  const settle = async () => {
    await waitUntilAllVisible(db);
    await catchUp(db, store, allProjections);
  };
  const baselineOf = async (userId: string) => (await searchLexical(db, { userId, projectId: null, includeGlobal: false }, null)).scopeTokens;
  const build = (userId: string, query: string | null, projectId: string | null = null, includeGlobal = false) =>
    buildSip({ db }, { userId, projectId, includeGlobal, query, sessionId: null });

  beforeAll(async () => {
    database = await createTestDatabase('sip');
    db = createPostgresDb({ connectionString: database.url });
    await ensureVectorExtension(db);
    await migrateEventStore(db);
    await migrateGenerations(db);
    for (const projection of allProjections) await ensureActiveGeneration(db, projection);
    store = createPostgresEventStore(db);
    service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
    ({ projectId } = await service.createProject('alice', 'Garden'));
    await service.ingestRound('alice', { session_id: 'g1', project_id: projectId, user_message: 'My tomatoes get blossom end rot', assistant_message: 'Water evenly and add calcium.' });
    await service.ingestRound('alice', { session_id: 'g1', user_message: 'Which basil grows best indoors?', assistant_message: 'Genovese basil on a sunny sill.' });
    await service.ingestRound('alice', { session_id: 'travel', user_message: 'Book a train to Lisbon in March', assistant_message: 'Noted: Lisbon, March.' });
    await service.recordGenerated('alice', { session_id: 'travel', user_message: 'Anything else?', assistant_message: 'You probably love tomatoes in Lisbon.' });
    await service.ingestRound('bob', { session_id: 'g1', user_message: 'My secret tomatoes recipe uses vinegar', assistant_message: 'Sounds tasty.' });
    await settle();
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('finds the matching rounds, cites them in order, and grounds the answer', async () => {
    const sip = await build('alice', 'what about my tomatoes?');
    expect(sip.records_used).toBeGreaterThan(0);
    expect(sip.citations.some((c) => c.summary.includes('tomatoes'))).toBe(true);
    expect(sip.citations.map((c) => c.index)).toEqual(sip.citations.map((_, i) => i + 1));
    for (const c of sip.citations) expect(sip.sip).toContain(`[${c.index}]`);
    expect(sip.grounded).toBe(true);
    expect(sip.abstain).toBe(false);
    expect(sip.tokens_sip).toBe(countTokens(sip.sip));
  });

  it('names the sessions of the records it cites, each once, sorted, as the table holds them', async () => {
    const sip = await build('alice', null);
    expect(sip.record_ids.length).toBeGreaterThan(1);
    const { rows } = await db.query<{ session_id: string }>(
      'SELECT DISTINCT session_id FROM memory_records WHERE user_id = $1 AND record_id = ANY($2::text[]) ORDER BY session_id',
      ['alice', sip.record_ids],
    );
    expect(sip.cited_session_ids).toEqual(rows.map((row) => row.session_id));
    expect(sip.cited_session_ids).toEqual(['g1', 'travel']);
  });

  it('never uses AI_GENERATED records as facts: they are not SIP-eligible', async () => {
    const sip = await build('alice', 'love tomatoes Lisbon');
    expect(sip.citations.map((c) => c.provenance)).not.toContain('AI_GENERATED');
    expect(sip.sections.uncertain_facts).toEqual([]);
  });

  it("never shows another user's records", async () => {
    const sip = await build('alice', 'secret recipe vinegar');
    expect(sip.sip).not.toContain('vinegar');
    const bob = await build('bob', 'tomatoes');
    expect(bob.citations).toHaveLength(1);
    expect(bob.sip).not.toContain('blossom');
  });

  it('scopes to a project, adding records outside any project only with include_global', async () => {
    const inProject = await build('alice', null, projectId);
    // g1 was bound to the project by its first round, so both its rounds are the project's; the travel session is global.
    expect(inProject.sip).toContain('blossom');
    expect(inProject.sip).not.toContain('Lisbon');
    const withGlobal = await build('alice', null, projectId, true);
    expect(withGlobal.sip).toContain('Lisbon');
  });

  it('without a query: the most recent records, grounded by being there', async () => {
    const sip = await build('alice', null);
    expect(sip.records_used).toBe(3);
    expect(sip.grounded).toBe(true);
  });

  it('abstains when nothing in scope matches the question', async () => {
    const sip = await build('alice', 'quantum chromodynamics lattice');
    expect(sip.abstain).toBe(true);
    expect(sip.grounded).toBe(false);
  });

  it('leaves a soft-deleted session out, and brings it back on restore', async () => {
    const before = await baselineOf('alice');
    await service.deleteSession('alice', 'travel');
    await settle();
    expect((await build('alice', 'Lisbon train')).sip).not.toContain('Lisbon');
    expect(await baselineOf('alice')).toBeLessThan(before);
    await service.restoreSession('alice', 'travel');
    await settle();
    expect((await build('alice', 'Lisbon train')).sip).toContain('Lisbon');
    expect(await baselineOf('alice')).toBe(before);
  });

  it('measures the baseline as the whole transcripts in scope', async () => {
    const sip = await build('alice', null, projectId);
    const { rows } = await db.query<{ n: number }>(
      `SELECT sum(token_count)::int AS n FROM memory_records WHERE user_id = 'alice' AND project_id = $1 AND NOT hidden`,
      [projectId],
    );
    expect(sip.tokens_baseline).toBe(rows[0]!.n);
    expect(sip.tokens_baseline).toBeGreaterThan(0);
  });
  it('recaps a day with what was said that day and what was told of it later, not the rest of the week', async () => {
    const said = async (timestamp: string, user_message: string, assistant_message: string) =>
      (await service.ingestRound('dora', { session_id: `d-${timestamp}`, user_message, assistant_message, timestamp })).roundId;
    const that = await said('2024-03-05T19:00:00Z', 'Heading out to my first pottery class tonight.', 'Have fun at the wheel!');
    const told = await said('2024-03-06T09:00:00Z', 'Yesterday the teacher said my bowl was the best of the class.', 'What a start!');
    const later = await said('2024-03-08T12:00:00Z', 'How do I unclog a drain without chemicals?', 'Boiling water, then baking soda and vinegar.');
    await settle();
    const now = () => new Date('2024-03-20T12:00:00Z');
    const sip = await buildSip({ db, now }, { userId: 'dora', projectId: null, includeGlobal: false, query: 'What did we talk about on 5 March?', sessionId: null });
    expect(sip.record_ids.sort()).toEqual([that, told].sort());
    expect(sip.record_ids).not.toContain(later);
  });

  it("finds each anchor's neighbouring rounds in its session, in scope, and lets them into the SIP", async () => {
    const round = async (session: string, user_message: string, assistant_message: string) =>
      (await service.ingestRound('carol', { session_id: session, user_message, assistant_message })).roundId;
    const first = await round('zoo', 'We took the kids to the museum on Sunday.', 'How did they like it?');
    const asked = await round('zoo', 'They could not stop talking about one thing.', 'What were they so excited about?');
    const answer = await round('zoo', 'The dinosaur skeletons, of course.', 'Kids love those.');
    await round('other', 'Unrelated session about taxes.', 'Noted.');
    await service.ingestRound('bob', { session_id: 'zoo', user_message: 'Bob at the zoo', assistant_message: 'ok' });
    await settle();
    const scope = { userId: 'carol', projectId: null, includeGlobal: false };
    const byAnchor = await neighbours(db, scope, [asked, first], null);
    expect(byAnchor.get(asked)!.map((c) => c.record_id).sort()).toEqual([first, answer].sort());
    expect(byAnchor.get(first)!.map((c) => c.record_id)).toEqual([asked]);
    expect(byAnchor.get(asked)!.every((c) => c.fused === 0 && c.similarity === null)).toBe(true);
    // The museum round ranks first for this query; the round after it holds the answer without the query's words.
    const sip = await buildSip({ db }, { ...scope, query: 'what did the kids like at the museum?', sessionId: null });
    expect(sip.grounded).toBe(true);
    expect(sip.citations.map((c) => c.record_id)).toContain(asked);
  });
});
