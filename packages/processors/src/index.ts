export { processor, type Processor, type AtomicProcessor, type AtomicOptions, type ReactingOptions, type PartitionedOutcome } from './processor.js';
export { followFeed, catchUp, FOLLOW_DEFAULTS, type Feed, type FollowOptions, type Following, type CatchUpOptions, type ProcessedBatch } from './follow.js';
export { createCheckpointStore, migrateCheckpoints, WHOLE_FEED, type CheckpointStore } from './checkpoints.js';
