import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export interface OrphanScan {
  queue: Queue;
  redis: Redis;
  /** The BullMQ worker whose orphans these are: its job locks hold `${workerId}:n`. */
  workerId: string;
  /** Ids of the jobs the worker's processor is running now. */
  running: ReadonlySet<string>;
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
 * job whose lock changed hands meanwhile is left alone.
 */
export async function releaseOrphanedJobs(scan: OrphanScan): Promise<string[]> {
  const orphans = async () => {
    const found = new Map<string, string>();
    for (const job of await scan.queue.getActive()) {
      if (!job.id || scan.running.has(job.id)) continue;
      const lock = await scan.redis.get(`${scan.queue.toKey(job.id)}:lock`);
      if (lock?.startsWith(`${scan.workerId}:`)) found.set(job.id, lock);
    }
    return found;
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
