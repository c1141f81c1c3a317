import { randomUUID } from 'node:crypto';
import { event, serializeEvent, userStream, type SipBuilt } from '@memctx/domain';
import type { WriteContext, WriteResult } from './context.js';

export type SipBuildInput = Omit<SipBuilt['data'], 'user_id' | 'build_id' | 'built_at'>;

export function sipBuildCommands(ctx: WriteContext) {
  return {
    /**
     * A SIP build is a fact about the user, not a decision: the user stream only
     * accumulates builds, so it is appended without an expected version.
     */
    async recordSipBuilt(userId: string, build: SipBuildInput): Promise<WriteResult & { buildId: string }> {
      const buildId = randomUUID();
      const built = event('SipBuilt', { ...build, user_id: userId, build_id: buildId, built_at: ctx.clock().toISOString() });
      const outcome = await ctx.batcher.append({
        streamId: userStream(userId),
        expectedVersion: 'any',
        events: [{ ...serializeEvent(built), event_id: buildId }],
      });
      if (!outcome.ok) throw outcome.error;
      return { buildId, position: outcome.result.position };
    },
  };
}
