import { migrate, type Db, type Queryable } from '@memctx/db';

/*
 * Which embedding model made the vectors in memory_records. Two models' vectors cannot be compared, so a process that
 * starts with another model than the one recorded clears every record's vectors and records its own: the filler then
 * embeds them again, newest first (from the embedding cache, where that model met the text before). A filler fills
 * only while the recorded model is its own, so a process of the old model still running during a rolling deploy
 * cannot mix its vectors back in.
 */

export async function migrateEmbeddingSpace(db: Db): Promise<void> {
  await migrate(db, 'embedding-space', [
    {
      id: '0001_embedding_space',
      sql: `CREATE TABLE embedding_space (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        model text NOT NULL,
        adopted_at timestamptz NOT NULL DEFAULT now()
      )`,
    },
    {
      // The filler's leases (embeddings.ts). Kept apart from memory_records: a lease written on the record itself
      // copied the whole row, and indexed its lexeme keys again, for a value nothing reads once it is filled.
      id: '0002_embedding_claims',
      sql: `CREATE TABLE embedding_claims (
        user_id text NOT NULL,
        record_id text NOT NULL,
        until timestamptz NOT NULL,
        PRIMARY KEY (user_id, record_id)
      )`,
    },
  ]);
}

// Vectors stored before the model was recorded were made by the default of that time.
const UNRECORDED_MODEL = 'BAAI/bge-small-en-v1.5';

export interface Adoption {
  /** The model that made the stored vectors, null when none was stored. */
  previous: string | null;
  /** Records whose vectors were cleared to be embedded again. */
  cleared: number;
}

/** Records `model` as the one whose vectors memory_records holds, clearing the vectors of another. */
export async function adoptEmbeddingModel(db: Db, model: string): Promise<Adoption> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['memctx:embedding-space']);
    const { rows } = await tx.query<{ model: string }>('SELECT model FROM embedding_space');
    const previous = rows[0]?.model ?? ((await anyVector(tx)) ? UNRECORDED_MODEL : null);
    if (previous === model && rows.length > 0) return { previous, cleared: 0 };
    const cleared = previous === null || previous === model ? 0 : (await tx.query(
      `UPDATE memory_records SET embedding = NULL, reply_embedding = NULL
       WHERE embedding IS NOT NULL OR reply_embedding IS NOT NULL`,
    )).rowCount;
    // A filler of the replaced model may hold claims it will never fill (its write checks the model).
    await tx.exec('DELETE FROM embedding_claims');
    await tx.query(
      `INSERT INTO embedding_space (singleton, model) VALUES (true, $1)
       ON CONFLICT (singleton) DO UPDATE SET model = EXCLUDED.model, adopted_at = now()`,
      [model],
    );
    return { previous, cleared };
  });
}

const anyVector = async (tx: Queryable) =>
  (await tx.query('SELECT 1 FROM memory_records WHERE embedding IS NOT NULL OR reply_embedding IS NOT NULL LIMIT 1')).rows.length > 0;

/** SQL true while `$<param>` is the recorded model: a filler's claim and write both check it. */
export const isRecordedModel = (param: string) => `EXISTS (SELECT 1 FROM embedding_space WHERE model = ${param})`;
