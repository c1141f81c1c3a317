import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleHandle } from '@memctx/runtime';
import { startProjectorRole } from '../src/index.js';
import { openProjectorHarness, type ProjectorHarness } from './harness.js';

describe('projector role, following the feed', () => {
  let harness: ProjectorHarness;
  let role: RoleHandle | undefined;
  beforeAll(async () => {
    harness = await openProjectorHarness('projector_feed');
  });
  afterAll(async () => {
    await role?.stop();
    await harness?.close();
  });

  const activity = async (user: string) =>
    (await harness.runtime.db.query<{ position: string }>('SELECT global_position AS position FROM activity_items WHERE user_id = $1 ORDER BY 1', [user])).rows.map((r) => Number(r.position));

  it('projects appended events into the read models, opened (the feed is sealed)', async () => {
    await harness.ingest('ana', 4);
    role = await startProjectorRole(harness.runtime);
    await harness.untilCaughtUp();
    expect(await harness.messages('ana')).toEqual({ turns: 8, plain: 4 });
    const { rows } = await harness.runtime.db.query('SELECT session_id, message_count FROM sessions WHERE user_id = $1 ORDER BY session_id', ['ana']);
    expect(rows).toEqual([{ session_id: 's0', message_count: 4 }, { session_id: 's1', message_count: 4 }]);
    expect(await activity('ana')).toHaveLength(4);
    // Events appended while it runs are followed too, woken by the append notification.
    await harness.ingest('ana', 2);
    await expect.poll(async () => (await harness.messages('ana')).turns, { timeout: 10_000 }).toBe(12);
  });

  it('stops cleanly: once stop resolves, nothing more is applied', async () => {
    await harness.untilCaughtUp();
    await role!.stop();
    role = undefined;
    const atStop = await harness.generations();
    expect(atStop.every((g) => g.position === atStop[0]!.position && g.position > 0)).toBe(true);
    await harness.ingest('ben', 3);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await harness.generations()).toEqual(atStop);
    expect(await harness.messages('ben')).toEqual({ turns: 0, plain: 0 });
  });

  it('resumes from its checkpoint: applies what came since, reads nothing before it again, rebuilds nothing', async () => {
    const atStop = await harness.generations();
    // An item of an event before the checkpoint, removed while the projector is down: a replay from the start would bring it back.
    const [first] = await activity('ana');
    await harness.runtime.db.query('DELETE FROM activity_items WHERE global_position = $1', [first]);
    role = await startProjectorRole(harness.runtime);
    await harness.untilCaughtUp();
    expect(await harness.messages('ben')).toEqual({ turns: 6, plain: 3 });
    expect(await harness.messages('ana')).toEqual({ turns: 12, plain: 6 });
    expect(await activity('ana')).not.toContain(first);
    expect(await activity('ana')).toHaveLength(5);
    const resumed = await harness.generations();
    expect(resumed.map((g) => [g.name, g.generation])).toEqual(atStop.map((g) => [g.name, g.generation]));
    for (const [i, g] of resumed.entries()) expect(g.position).toBeGreaterThan(atStop[i]!.position);
  });
});
