import { NotFoundError, sessionStream } from '@memctx/domain';
import type { Checkpoint } from '@memctx/event-store';
import { sessionActive, type WriteContext, type WriteResult } from './context.js';

/** A session's life after its first write: soft delete, restore within the retention window, purge after it. */
export function sessionLifecycleCommands(ctx: WriteContext, sessionRetentionMs: number) {
  async function deleteSession(userId: string, sessionId: string, reason: 'delete' | 'clear_all' = 'delete'): Promise<WriteResult> {
    const { append } = await ctx.sessions.handle(sessionStream(userId, sessionId), {
      type: 'SoftDeleteSession', user_id: userId, session_id: sessionId, now: ctx.clock(), retention_ms: sessionRetentionMs, reason,
    });
    return { position: append?.position };
  }

  return {
    deleteSession,

    async sessionIsLive(userId: string, sessionId: string): Promise<boolean> {
      return sessionActive((await ctx.sessions.loadAccepted(sessionStream(userId, sessionId), sessionActive)).state);
    },

    async restoreSession(userId: string, sessionId: string): Promise<WriteResult> {
      const { append } = await ctx.sessions.handle(sessionStream(userId, sessionId), {
        type: 'RestoreSession', user_id: userId, session_id: sessionId, now: ctx.clock(),
      });
      return { position: append?.position };
    },

    /**
     * Soft-deletes each listed session; each deletion is its own atomic event, so
     * a failure half way leaves some sessions deleted and the rest active, and
     * repeating clear-all finishes the job (deleted sessions are no longer listed).
     */
    async clearAll(userId: string, sessionIds: readonly string[]): Promise<WriteResult & { cleared: number }> {
      let cleared = 0;
      let position: Checkpoint | undefined;
      const results = await Promise.allSettled(sessionIds.map((id) => deleteSession(userId, id, 'clear_all')));
      for (const result of results) {
        if (result.status === 'fulfilled') {
          cleared++;
          if (result.value.position && (!position || result.value.position.global_position > position.global_position)) position = result.value.position;
        } else if (!(result.reason instanceof NotFoundError)) {
          throw result.reason;
        }
      }
      return { cleared, position };
    },

    async purgeSession(userId: string, sessionId: string): Promise<boolean> {
      const { events } = await ctx.sessions.handle(sessionStream(userId, sessionId), {
        type: 'PurgeSession', user_id: userId, session_id: sessionId, now: ctx.clock(),
      });
      return events.length > 0;
    },
  };
}
