import { migrate, type Db } from '@memctx/db';
import { LEXEME_KEY_FUNCTIONS } from './lexeme-keys.js';
import { USER_BUCKET_FUNCTION } from './vector.js';

/**
 * Creates the functions the indexes are keyed by (the lexeme keys and the vector buckets) at start, so readers can
 * query them before the first generation with the indexes exists.
 */
export async function migrateIndexFunctions(db: Db): Promise<void> {
  await migrate(db, 'read-models', [
    { id: '0001_lexeme_keys', sql: LEXEME_KEY_FUNCTIONS },
    { id: '0002_user_buckets', sql: USER_BUCKET_FUNCTION },
  ]);
}
