import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { listGenerations, projectionStatus } from '@memctx/projections';
import { openRuntime, type Runtime } from '@memctx/runtime';
import { createLogger, loadConfig } from '@memctx/shared';
import { createTestDatabase, waitUntilAllVisible } from '@memctx/testing';

export const SECRET = `secret${randomUUID().replaceAll('-', '')}`;

export interface ProjectorHarness {
  runtime: Runtime;
  /** Rounds in sessions s0 and s1 of the user, each with SECRET in its text. */
  ingest(user: string, rounds: number): Promise<void>;
  /** Turns of the user in session_messages, and how many carry SECRET in plain text. */
  messages(user: string): Promise<{ turns: number; plain: number }>;
  /** The active generation and checkpoint of each projection. */
  generations(): Promise<Array<{ name: string; generation: number; position: number }>>;
  untilCaughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** A runtime (as the projector process opens it) on a database of its own. */
export async function openProjectorHarness(prefix: string, env: Record<string, string> = {}): Promise<ProjectorHarness> {
  const database = await createTestDatabase(prefix);
  const config = loadConfig({ MEMCTX_DATABASE_URL: database.url, MEMCTX_EMBEDDINGS: 'off', MEMCTX_LOG_LEVEL: 'silent', ...env });
  const runtime = await openRuntime(config, createLogger(config));
  const { db } = runtime;
  return {
    runtime,
    async ingest(user, rounds) {
      for (let n = 0; n < rounds; n++) {
        await runtime.service.ingestRound(user, { session_id: `s${n % 2}`, user_message: `${SECRET} question ${n}`, assistant_message: `answer ${n}` });
      }
      await waitUntilAllVisible(db);
    },
    async messages(user) {
      const { rows } = await db.query<{ turns: number; plain: number }>(
        'SELECT count(*)::int AS turns, (count(*) FILTER (WHERE content LIKE $2))::int AS plain FROM session_messages WHERE user_id = $1',
        [user, `%${SECRET}%`],
      );
      return rows[0]!;
    },
    async generations() {
      return (await listGenerations(db))
        .filter((g) => g.status === 'active')
        .map((g) => ({ name: g.name, generation: g.generation, position: g.checkpoint.global_position }));
    },
    async untilCaughtUp() {
      await expect.poll(async () => (await projectionStatus(db, runtime.store, runtime.projections)).filter((s) => s.lagEvents > 0).map((s) => s.name), { timeout: 30_000 }).toEqual([]);
    },
    async close() {
      await runtime.close();
      await database.drop();
    },
  };
}
