import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** Which jobs this worker runs: its processor's, and for a grace period after, the ones whose outcome BullMQ is storing. */
export interface RunningJobs {
  started(id: string): void;
  /** The processor returned or threw: BullMQ now stores the outcome, which waits for Redis after an outage. */
  settled(id: string): void;
  /** The outcome is stored (BullMQ's `completed` or `failed`). */
  done(id: string): void;
  has(id: string): boolean;
  readonly size: number;
}

/**
 * A job is running while its processor runs, and for `graceMs` after it settles: long enough for BullMQ to store
 * the outcome once Redis answers. An outcome never stored (Redis lost it, or the worker gave up) stops counting
 * after that, so the job can be released as an orphan and its id is not kept for ever.
 */
export function runningJobs(graceMs: number, now: () => number = Date.now): RunningJobs {
  // null while the processor runs; the time it settled after.
  const jobs = new Map<string, number | null>();
  const expired = (settledAt: number | null | undefined) => settledAt !== null && settledAt !== undefined && now() - settledAt > graceMs;
  const prune = () => {
    for (const [id, settledAt] of jobs) if (expired(settledAt)) jobs.delete(id);
  };
  return {
    started(id) {
      prune();
      jobs.set(id, null);
    },
    settled(id) {
      if (jobs.has(id)) jobs.set(id, now());
    },
    done(id) {
      jobs.delete(id);
    },
    has(id) {
      const settledAt = jobs.get(id);
      if (settledAt === undefined) return false;
      if (!expired(settledAt)) return true;
      jobs.delete(id);
      return false;
    },
    get size() {
      prune();
      return jobs.size;
    },
  };
}

export interface OrphanScan {
  queue: Queue;
  redis: Redis;
  /** The BullMQ worker whose orphans these are: its job locks hold `${workerId}:n`. */
  workerId: string;
  /** The jobs the worker runs now (see `runningJobs`). */
  running: Pick<RunningJobs, 'has'>;
  /** A job fetched at that very moment is running within this long; only jobs seen orphaned twice are released. */
  settleMs?: number;
}

/**
 * Jobs this worker holds the lock of but does not run, put back in the wait list at once.
 *
 * When Redis goes away the reply to the worker's fetch can be lost after Redis moved the job to `active` under
 * the worker's lock (kept across a restart by Redis's own persistence). BullMQ then finds the job only when the
 * lock has expired and the stalled check has run twice, half a minute or more after Redis is back. The lock is
 * this worker's own and nothing runs it, so nobody else can hold that job; `moveToWait` checks the token, so a
 * job whose lock changed hands meanwhile is left alone. The scan reads only the active jobs' ids and their locks
 * (one MGET), so its cost follows the cluster's concurrency, not the size of the jobs' data.
 */
export async function releaseOrphanedJobs(scan: OrphanScan): Promise<string[]> {
  const orphans = async () => {
    const ids = (await scan.queue.getRanges(['active'], 0, -1)).filter((id) => !scan.running.has(id));
    if (ids.length === 0) return new Map<string, string>();
    const locks = await scan.redis.mget(ids.map((id) => `${scan.queue.toKey(id)}:lock`));
    return new Map(ids.flatMap((id, i) => (locks[i]?.startsWith(`${scan.workerId}:`) ? [[id, locks[i]!] as const] : [])));
  };
  const first = await orphans();
  if (first.size === 0) return [];
  await new Promise((resolve) => setTimeout(resolve, scan.settleMs ?? 1_000));
  const released: string[] = [];
  for (const [id, lock] of await orphans()) {
    if (first.get(id) !== lock) continue;
    const job = await scan.queue.getJob(id);
    if (!job) continue;
    try {
      await job.moveToWait(lock);
      released.push(id);
    } catch {
      // The lock moved on (the job finished or was taken) between the read and the move: not an orphan.
    }
  }
  return released;
}
