import {
  projectDecider,
  projectEventTypes,
  sessionDecider,
  sessionEventTypes,
  sourceDecider,
  sourceEventTypes,
  type ProjectState,
  type SessionState,
} from '@memctx/domain';
import type { Checkpoint, EventStore } from '@memctx/event-store';
import { createAppendBatcher, type AppendBatcher } from '../append-batcher.js';
import { createCommandHandler } from '../command-handler.js';

export interface WriteResult {
  /** Where the write landed in the feed; reads wait for projections to pass it. */
  position: Checkpoint | undefined;
}

// Checks on cached state that fail are made again on the stored stream (loadAccepted).
export const projectExists = (state: ProjectState) => state.status === 'exists';
export const sessionActive = (state: SessionState) => state.status === 'active';

/**
 * What every group of commands shares: one handler (and so one state cache) per
 * kind of stream, one batcher for every append, and the clock commands are timed by.
 */
export function createWriteContext(store: EventStore, clock: () => Date, options: { commitQueueMax?: number } = {}) {
  const batcher: AppendBatcher = createAppendBatcher(store, { maxQueue: options.commitQueueMax });
  return {
    clock,
    store,
    batcher,
    projects: createCommandHandler(store, batcher, projectDecider, projectEventTypes),
    sessions: createCommandHandler(store, batcher, sessionDecider, sessionEventTypes),
    sources: createCommandHandler(store, batcher, sourceDecider, sourceEventTypes),
  };
}

export type WriteContext = ReturnType<typeof createWriteContext>;
