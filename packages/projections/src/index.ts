export { defineProjection, applyHandled, handledEvents, parseRecordedEvent, isOneOf, type Projection, type ProjectionDefinition, type ProjectedEvent } from './projection.js';
export {
  migrateGenerations, listGenerations, activeGeneration, ensureActiveGeneration, createGeneration, createIndexes, discardGeneration,
  type Generation, type GenerationStatus,
} from './generations.js';
export { catchUp, runLive, type Runner, type LiveRunnerOptions } from './runner.js';
export { createReadAhead, splitIntoLanes } from './lanes.js';
export { rebuildProjection, REBUILD_BATCH_SIZE, type RebuildProgress, type RebuildResult } from './rebuild.js';
export { projectionStatus, type ProjectionStatus } from './status.js';
export { hurryProjectors, minActiveCheckpoint, onReaderWaiting } from './read-your-writes.js';
export { applyPartitionBatch, partitionKeyPositions, type PartitionBatchOutcome } from './partitioned.js';
export { analyseChanged, keepStatistics, type StatisticsKeeper } from './statistics.js';
