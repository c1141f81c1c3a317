import type { EventStore } from '@memctx/event-store';
import { createWriteContext } from './service/context.js';
import { conversationCommands } from './service/conversation.js';
import { documentCommands } from './service/documents.js';
import { projectCommands } from './service/projects.js';
import { sessionLifecycleCommands } from './service/session-lifecycle.js';
import { sipBuildCommands } from './service/sip-builds.js';

/**
 * The write side: every command loads its stream's state, lets the pure
 * decider choose the events, and appends them with the expected version, many
 * requests per transaction. A returned promise means the events are durable.
 * Each group of commands lives in service/; they share one context, so one
 * cache per kind of stream and one batcher serve them all.
 */
export function createMemoryService(deps: { store: EventStore; clock?: () => Date; sessionRetentionMs: number; commitQueueMax?: number }) {
  const ctx = createWriteContext(deps.store, deps.clock ?? (() => new Date()), { commitQueueMax: deps.commitQueueMax });
  return {
    ...projectCommands(ctx),
    ...conversationCommands(ctx),
    ...sessionLifecycleCommands(ctx, deps.sessionRetentionMs),
    ...sipBuildCommands(ctx),
    ...documentCommands(ctx),
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
