import type { Db } from '@memctx/db';
import type { MemoryService } from '@memctx/commands';
import { sessionsDueForPurge } from '@memctx/read-models';
import { scheduleJob, type Logger, type ScheduledJob } from '@memctx/shared';

/**
 * The 30-day purge: finds soft-deleted sessions whose window has elapsed and
 * appends SessionPurged for each; the projections then hard-delete the content.
 * The append goes through the shredding store, which destroys the session's key
 * before storing the event, so the text left in the events can never be read
 * again (docs/decisions.md, "Crypto-shredding"). The decider makes it idempotent,
 * so several workers may run it at once.
 */
export async function purgeDueSessions(deps: { db: Db; service: MemoryService; now?: Date; batch?: number }): Promise<number> {
  const due = await sessionsDueForPurge(deps.db, deps.now ?? new Date(), deps.batch ?? 500);
  let purged = 0;
  for (const { userId, sessionId } of due) {
    if (await deps.service.purgeSession(userId, sessionId)) purged++;
  }
  return purged;
}

export function schedulePurge(deps: { db: Db; service: MemoryService; logger: Logger; intervalMs: number }): ScheduledJob {
  return scheduleJob({
    intervalMs: deps.intervalMs,
    async run() {
      const purged = await purgeDueSessions(deps);
      if (purged > 0) deps.logger.info({ purged }, 'purged sessions past their retention window');
    },
    onError: (error) => deps.logger.error({ err: error }, 'session purge failed; will retry'),
  });
}
