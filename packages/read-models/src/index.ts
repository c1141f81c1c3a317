import type { Projection } from '@memctx/projections';
import { sessionsProjection } from './sessions/projection.js';
import { memoryRecordsProjection } from './memory-records/projection.js';
import { projectsProjection } from './projects/projection.js';
import { activityProjection, ACTIVITY_SUMMARY_LENGTH } from './activity/projection.js';
import { efficiencyProjection } from './efficiency/projection.js';
import { sourcesProjection } from './sources/projection.js';

export { sessionsProjection, memoryRecordsProjection, projectsProjection, activityProjection, efficiencyProjection, sourcesProjection };
export { ACTIVITY_SUMMARY_LENGTH };

/** Every read model the service serves, in the order the projector starts them. */
export const allProjections: readonly Projection[] = [
  projectsProjection,
  sessionsProjection,
  memoryRecordsProjection,
  activityProjection,
  efficiencyProjection,
  sourcesProjection,
];

export function projectionNamed(name: string): Projection | undefined {
  return allProjections.find((projection) => projection.name === name);
}

export * from './projects/queries.js';
export * from './sessions/queries.js';
export * from './memory-records/queries.js';
export * from './activity/queries.js';
export * from './memory-records/retrieval.js';
export * from './memory-records/embeddings.js';
export * from './memory-records/embedding-space.js';
export { migrateIndexFunctions } from './memory-records/index-functions.js';
export { recordTextsSql, TEXTS_ONCE_SINCE } from './memory-records/texts.js';
export { BYTEWISE_KEYS_SINCE, lexemeKeysSql } from './memory-records/lexeme-keys.js';
export * from './efficiency/queries.js';
export * from './sources/queries.js';
export { EMBEDDING_DIMENSIONS, turnsOf, type Turn, type TurnSource } from './memory-records/projection.js';
export * from './browse/queries.js';
export { encodeCursor, decodeCursor, type Page, type PageRequest } from './browse/pages.js';
export * from './browse/records.js';
export * from './browse/export.js';
export * from './stats/queries.js';
