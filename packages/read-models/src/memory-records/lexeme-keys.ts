/*
 * Full-text keys scoped by user. A plain GIN index over every user's tsvectors
 * makes a word's posting list as long as the number of records holding it in the
 * whole database, so a SIP for one user would slow down as other users add
 * records. Prefixing each lexeme with a hash of its user gives every (user, word)
 * its own posting list. The prefix is hex and lexemes of to_tsvector never hold
 * a space, so the keys are built with C string functions (one join and one split
 * per record, not a function call per lexeme, whose overhead dominated). Two users
 * whose hashes share a prefix would share keys; every query also filters on
 * user_id, so that costs speed at worst, never isolation.
 * SET search_path keeps the keys function out of the planner's inlining: its
 * body uses array_to_string, which is only STABLE, and an index expression must
 * be IMMUTABLE (the result depends on no setting for text arrays).
 * The functions live in `public` and not in a generation's schema: the readers'
 * queries and every generation's index refer to the same ones.
 */
export const LEXEME_KEY_FUNCTIONS = `
CREATE OR REPLACE FUNCTION public.memory_lexeme_key(user_id text, lexeme text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT left(md5(user_id), 16) || lexeme $$;
CREATE OR REPLACE FUNCTION public.memory_lexeme_keys(user_id text, search tsvector) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, public AS $$
    SELECT string_to_array(public.memory_lexeme_key(user_id, array_to_string(tsvector_to_array(search), ' ' || public.memory_lexeme_key(user_id, ''))), ' ')
  $$;
`;
