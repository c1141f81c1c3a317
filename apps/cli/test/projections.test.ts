import { allProjections } from '@memctx/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryService } from '@memctx/commands';
import { createPostgresDb } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore } from '@memctx/event-store';
import { runCli } from '@memctx/cli';
import { createTestDatabase, waitUntilAllVisible, type TestDatabase } from '@memctx/testing';

function capture(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { env, stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), fetch } };
}

describe('memctx projections', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('cli');
    const db = createPostgresDb({ connectionString: database.url });
    await migrateEventStore(db);
    const service = createMemoryService({ store: createPostgresEventStore(db), sessionRetentionMs: 1000 });
    for (let i = 0; i < 30; i++) await service.ingestRound('u', { session_id: `s${i % 4}`, user_message: `m${i}`, assistant_message: 'ok' });
    await waitUntilAllVisible(db);
    await db.close();
  });
  afterAll(() => database.drop());

  it('rebuilds every projection and then reports them caught up', async () => {
    const env = { MEMCTX_DATABASE_URL: database.url };
    const rebuild = capture(env);
    expect(await runCli(['projections', 'rebuild', 'all'], rebuild.io)).toBe(0);
    const lines = rebuild.out.join('').trim().split('\n');
    expect(lines.map((line) => line.split(':')[0])).toEqual(allProjections.map((p) => p.name));
    expect(lines[1]).toMatch(/^sessions: generation 1 -> 2, 30 events in [\d.]+ s/);

    const status = capture(env);
    expect(await runCli(['projections', 'status', '--json'], status.io)).toBe(0);
    const statuses = JSON.parse(status.out.join('')) as Array<{ name: string; generation: number; lagEvents: number; head: number }>;
    expect(statuses.map((s) => [s.name, s.generation, s.lagEvents])).toEqual(allProjections.map((p) => [p.name, 2, 0]));
    const table = capture(env);
    expect(await runCli(['projections', 'status'], table.io)).toBe(0);
    expect(table.out.join('')).toMatch(/^PROJECTION\s+GENERATION\s+STATUS/);
  });

  it('replays the events where the deployment keeps them: a KurrentDB deployment is never rebuilt from the PostgreSQL table', async () => {
    const env = { MEMCTX_DATABASE_URL: database.url, MEMCTX_EVENT_STORE: 'kurrentdb' };
    const missing = capture(env);
    expect(await runCli(['projections', 'rebuild', 'all'], missing.io)).toBe(2);
    expect(missing.err.join('')).toContain('KURRENTDB_URL: required because MEMCTX_EVENT_STORE is kurrentdb');
    const misspelt = capture({ ...env, MEMCTX_EVENT_STORE: 'kurrent' });
    expect(await runCli(['projections', 'status'], misspelt.io)).toBe(2);
    expect(misspelt.err.join('')).toContain('MEMCTX_EVENT_STORE:');
    const unreachable = capture({ ...env, KURRENTDB_URL: 'kurrentdb://127.0.0.1:1?tls=false' });
    expect(await runCli(['projections', 'rebuild', 'sessions'], unreachable.io)).toBe(1);
    // Nothing switched: the sessions projection is still on the generation the previous test built.
    const status = capture({ MEMCTX_DATABASE_URL: database.url });
    expect(await runCli(['projections', 'status', '--json'], status.io)).toBe(0);
    const sessions = (JSON.parse(status.out.join('')) as Array<{ name: string; generation: number }>).find((s) => s.name === 'sessions');
    expect(sessions?.generation).toBe(2);
  });

  it('refuses an unknown projection or subcommand with a usage error', async () => {
    const env = { MEMCTX_DATABASE_URL: database.url };
    const unknown = capture(env);
    expect(await runCli(['projections', 'rebuild', 'nope'], unknown.io)).toBe(2);
    expect(unknown.err.join('')).toContain("unknown projection 'nope'");
    expect(await runCli(['projections', 'explode'], capture(env).io)).toBe(2);
  });
});
