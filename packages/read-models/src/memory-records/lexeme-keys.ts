import { migrate, type Db } from '@memctx/db';

/*
 * Full-text keys scoped by user. A plain GIN index over every user's tsvectors
 * makes a word's posting list as long as the number of records holding it in the
 * whole database, so a SIP for one user would slow down as other users add
 * records. Keying each lexeme by its user (length-prefixed, so no user id can
 * run into a lexeme) gives every (user, word) its own posting list.
 * The functions live in `public` and not in a generation's schema: the readers'
 * queries and every generation's index refer to the same ones.
 */
export const LEXEME_KEY_FUNCTIONS = `
CREATE OR REPLACE FUNCTION public.memory_lexeme_key(user_id text, lexeme text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT length(user_id) || ':' || user_id || lexeme $$;
CREATE OR REPLACE FUNCTION public.memory_lexeme_keys(user_id text, search tsvector) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    SELECT coalesce(array_agg(public.memory_lexeme_key(user_id, l)), '{}') FROM unnest(tsvector_to_array(search)) AS l
  $$;
`;

/** Creates the key functions at start, so readers can query them before the first generation with the index exists. */
export async function migrateLexemeKeys(db: Db): Promise<void> {
  await migrate(db, 'read-models', [{ id: '0001_lexeme_keys', sql: LEXEME_KEY_FUNCTIONS }]);
}
