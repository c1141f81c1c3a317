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
 * The keys function is IMMUTABLE though array_to_string is only STABLE (the
 * result depends on no setting for text arrays), so the planner never inlines
 * it; every name in it is qualified or built in, so it needs no search_path of
 * its own, which would cost each call a save and restore of the setting.
 * From BYTEWISE_KEYS_SINCE the index compares keys in the "C" collation: they are
 * a hash and a stem, never shown in order, and a database's linguistic collation
 * (even C.UTF-8 before PostgreSQL 17) made every comparison of the index's build,
 * inserts and pending-list merges a strcoll. A query matches that index only when
 * its keys are compared the same way, hence lexemeKeysSql.
 * The functions live in `public` and not in a generation's schema: the readers'
 * queries and every generation's index refer to the same ones.
 */
export const LEXEME_KEY_FUNCTIONS = `
CREATE OR REPLACE FUNCTION public.memory_lexeme_key(user_id text, lexeme text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT left(md5(user_id), 16) || lexeme $$;
CREATE OR REPLACE FUNCTION public.memory_lexeme_keys(user_id text, search tsvector) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT string_to_array(public.memory_lexeme_key(user_id, array_to_string(tsvector_to_array(search), ' ' || public.memory_lexeme_key(user_id, ''))), ' ')
  $$;
`;

export const BYTEWISE_KEYS_SINCE = 10;

/** The keys of the record aliased `m`, compared as the index of a generation of that version compares them. */
export const lexemeKeysSql = (m: string, version: number): string =>
  `(public.memory_lexeme_keys(${m}.user_id, ${m}.search)${version >= BYTEWISE_KEYS_SINCE ? ' COLLATE "C"' : ''})`;
