import type { Queryable } from '@memctx/db';
import { compareCheckpoints, type Checkpoint } from '@memctx/event-store';
import { hurryProjectors, minActiveCheckpoint, partitionKeyPositions } from '@memctx/projections';

export const POSITION_HEADER = 'X-Memctx-Position';
export const MIN_POSITION_HEADER = 'X-Memctx-Min-Position';

export function formatPosition(position: Checkpoint): string {
  return `${position.transaction_id}.${position.global_position}`;
}

// Readers arriving this close together share one call to hurry the projectors: the read it starts serves them all.
const HURRY_EVERY_MS = 10;

export function parsePosition(text: string | undefined): Checkpoint | undefined {
  const match = /^(\d+)\.(\d+)$/.exec(text?.trim() ?? '');
  return match ? { transaction_id: Number(match[1]), global_position: Number(match[2]) } : undefined;
}

/**
 * Read-your-writes. Each write's feed position is remembered per user (and
 * returned in X-Memctx-Position, so a client talking to several API replicas can
 * send it back as X-Memctx-Min-Position). A read waits, bounded, until the
 * projections have passed the newest of the two. One poller serves all waiting
 * requests, so a burst of reads costs one query per tick, not one per request.
 */
export function createReadYourWrites(deps: {
  db: Queryable;
  projections: readonly string[];
  timeoutMs: number;
  pollMs?: number;
  /**
   * Projectors consume Kafka partitions keyed by user: there is no global
   * checkpoint moving, so a waiter is also released once its own user's events
   * are projected up to its target (the stream guards of the kafka source).
   */
  perUser?: boolean;
}) {
  const lastWrite = new Map<string, Checkpoint>();
  // SIP builds are kept apart: only the dashboards read them back, so a build never makes the next build wait.
  const lastBuild = new Map<string, Checkpoint>();
  const waiters = new Set<{ userId: string; target: Checkpoint; resolve: (caughtUp: boolean) => void; deadline: number }>();
  let projected: Checkpoint | undefined;
  let polling = false;
  let hurriedAt = -Infinity;

  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      while (waiters.size > 0) {
        projected = (await minActiveCheckpoint(deps.db, deps.projections).catch(() => undefined)) ?? projected;
        const users = deps.perUser ? await userPositions() : undefined;
        const now = Date.now();
        for (const waiter of waiters) {
          const reached = users?.get(waiter.userId);
          const passed = (projected !== undefined && compareCheckpoints(projected, waiter.target) >= 0)
            || (reached !== undefined && compareCheckpoints(reached, waiter.target) >= 0);
          if (passed || now >= waiter.deadline) {
            waiters.delete(waiter);
            waiter.resolve(passed);
          }
        }
        if (waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 3));
      }
    } finally {
      polling = false;
    }
  }

  async function userPositions(): Promise<Map<string, Checkpoint> | undefined> {
    const pending = [...new Set([...waiters].filter((w) => !projected || compareCheckpoints(projected, w.target) < 0).map((w) => w.userId))];
    if (pending.length === 0) return undefined;
    return partitionKeyPositions(deps.db, deps.projections, pending).catch(() => undefined);
  }

  return {
    recordWrite(userId: string, position: Checkpoint | undefined, kind: 'memory' | 'build' = 'memory'): void {
      if (!position) return;
      const positions = kind === 'build' ? lastBuild : lastWrite;
      const previous = positions.get(userId);
      if (!previous || compareCheckpoints(position, previous) > 0) positions.set(userId, position);
      // Bound the memory a flood of distinct users can take; old entries are long projected anyway.
      if (positions.size > 100_000) positions.delete(positions.keys().next().value!);
    },

    /** Resolves true when the projections passed the user's last write, false when the wait timed out. */
    async waitForUser(userId: string, minimum?: Checkpoint, options: { includeBuilds?: boolean } = {}): Promise<boolean> {
      const mine = lastWrite.get(userId);
      const builds = options.includeBuilds ? lastBuild.get(userId) : undefined;
      const target = [mine, builds, minimum].filter((c): c is Checkpoint => !!c).sort(compareCheckpoints).pop();
      if (!target) return true;
      if (projected && compareCheckpoints(projected, target) >= 0) return true;
      // Projectors fed from Kafka read as the broker delivers; those following the feed may be letting appends gather.
      if (!deps.perUser && Date.now() - hurriedAt >= HURRY_EVERY_MS) {
        hurriedAt = Date.now();
        void hurryProjectors(deps.db);
      }
      return new Promise<boolean>((resolve) => {
        waiters.add({ userId, target, resolve, deadline: Date.now() + deps.timeoutMs });
        void poll();
      });
    },
  };
}

export type ReadYourWrites = ReturnType<typeof createReadYourWrites>;
