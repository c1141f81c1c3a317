import { migrate, type Db } from '@memctx/db';
import { LEXEME_KEY_FUNCTIONS } from './lexeme-keys.js';
import { RECORD_CONTENT_FUNCTION } from './texts.js';
import { USER_BUCKET_FUNCTION } from './vector.js';

/**
 * Creates the functions the indexes are keyed by (the lexeme keys and the vector buckets) and the one reads derive a
 * record's content with at start, so readers can call them before the first generation that uses them exists.
 */
export async function migrateIndexFunctions(db: Db): Promise<void> {
  await migrate(db, 'read-models', [
    { id: '0001_lexeme_keys', sql: LEXEME_KEY_FUNCTIONS },
    { id: '0002_user_buckets', sql: USER_BUCKET_FUNCTION },
    { id: '0003_record_content', sql: RECORD_CONTENT_FUNCTION },
    // The keys function as it is now (no search_path of its own) where 0001 created the earlier form: the same keys.
    { id: '0004_lexeme_keys_without_search_path', sql: LEXEME_KEY_FUNCTIONS },
  ]);
}
