import { afterAll, beforeAll } from 'vitest';
import { createMemoryService, type MemoryService } from '@memctx/commands';
import { createPgliteDb, createPostgresDb, type Db } from '@memctx/db';
import { createPostgresEventStore, migrateEventStore, type EventStore } from '@memctx/event-store';
import { catchUp, ensureActiveGeneration, migrateGenerations } from '@memctx/projections';
import { adoptEmbeddingModel, allProjections, EMBEDDING_DIMENSIONS, migrateEmbeddingSpace, type DocumentEmbedder } from '@memctx/read-models';
import { databaseBackends, waitUntilAllVisible } from '@memctx/testing';

/** The model the harness records as having made the vectors; a filler given another fills nothing. */
export const TEST_EMBEDDING_MODEL = 'test-model';

/** A stand-in for the model (the table and the claims are real): a vector per text, slowly, noting what it was asked. */
export function recordingEmbedder(delayMs: number, model = TEST_EMBEDDING_MODEL) {
  const asked: string[] = [];
  const embedder: DocumentEmbedder = {
    model,
    async embedDocuments(texts) {
      asked.push(...texts);
      await new Promise((r) => setTimeout(r, delayMs));
      return texts.map((_, i) => Float32Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === i % EMBEDDING_DIMENSIONS ? 1 : 0)));
    },
  };
  return { embedder, asked };
}

export interface Harness {
  db: Db;
  store: EventStore;
  /** Runs every projection until it has caught up with the feed. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

async function prepare(db: Db): Promise<Omit<Harness, 'close'>> {
  await migrateEventStore(db);
  await migrateGenerations(db);
  for (const projection of allProjections) await ensureActiveGeneration(db, projection);
  await migrateEmbeddingSpace(db);
  await adoptEmbeddingModel(db, TEST_EMBEDDING_MODEL);
  const store = createPostgresEventStore(db);
  return {
    db,
    store,
    async catchUp() {
      await waitUntilAllVisible(db);
      await catchUp(db, store, allProjections);
    },
  };
}

export const backends: Array<[string, () => Promise<Harness>]> = databaseBackends('rm', {
  pglite: createPgliteDb,
  postgres: (url) => createPostgresDb({ connectionString: url }),
}).map(([name, open]) => [name, async () => {
  const { db, close } = await open();
  return { ...(await prepare(db)), close };
}]);

export interface WriteSide {
  h: Harness;
  service: MemoryService;
  /** The write side's clock: a test moves it (past a retention window). */
  now: Date;
}

/** Opens the harness before a describe block's tests, with the write side on its store (sessions kept an hour once deleted), and closes it after. */
export function withWriteSide(open: () => Promise<Harness>): WriteSide {
  const side = { now: new Date('2026-11-23T10:00:00.000Z') } as WriteSide;
  beforeAll(async () => {
    side.h = await open();
    side.service = createMemoryService({ store: side.h.store, clock: () => side.now, sessionRetentionMs: 1000 * 3600 });
  });
  afterAll(() => side.h?.close());
  return side;
}
