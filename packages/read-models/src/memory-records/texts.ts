import type { Db } from '@memctx/db';
import { memoryRecordsVersion } from './active-version.js';

/*
 * A record's texts, each stored once. A round or a generated statement keeps its two sides as said (user_text,
 * assistant_text) and no `content`: memory_record_content derives the "User: …\nAssistant: …" exchange that full-text
 * search indexes, export writes and browsing shows, and the filler embeds the sides themselves. A document chunk keeps
 * its `content`, which is all it has. Generations before TEXTS_ONCE_SINCE also stored content, embed_text and
 * reply_text, three copies of every reply; reads ask the active version (active-version.ts) which form it has.
 */
export const TEXTS_ONCE_SINCE = 9;

/** The exchange a record with sides stands for, in SQL (for search and reads) and here (for its token count): the same text. */
export const RECORD_CONTENT_FUNCTION = `
CREATE OR REPLACE FUNCTION public.memory_record_content(content text, user_text text, assistant_text text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(content, 'User: ' || user_text || CASE WHEN coalesce(assistant_text, '') = '' THEN '' ELSE E'\\nAssistant: ' || assistant_text END)
  $$;
`;

export function exchange(userText: string, assistantText: string): string {
  return assistantText ? `User: ${userText}\nAssistant: ${assistantText}` : `User: ${userText}`;
}

/** SQL expressions over the record aliased `m`: its full content, the text its `embedding` is of, and of its `reply_embedding`. */
export interface RecordTextsSql {
  content: string;
  embedText: string;
  replyText: string;
}

export function recordTextsSql(version: number, m: string): RecordTextsSql {
  if (version < TEXTS_ONCE_SINCE) return { content: `${m}.content`, embedText: `${m}.embed_text`, replyText: `${m}.reply_text` };
  return {
    content: `public.memory_record_content(${m}.content, ${m}.user_text, ${m}.assistant_text)`,
    // A round is found by its user side and its reply; a generated statement by the statement (its assistant side) alone.
    embedText: `CASE WHEN ${m}.user_text IS NULL THEN ${m}.content WHEN ${m}.provenance = 'AI_GENERATED' THEN ${m}.assistant_text ELSE ${m}.user_text END`,
    replyText: `CASE WHEN ${m}.provenance = 'ROUND' THEN ${m}.assistant_text ELSE '' END`,
  };
}

/** The expressions for the generation that answers reads now. */
export const recordTexts = async (db: Db, alias = 'm'): Promise<RecordTextsSql> => recordTextsSql(await memoryRecordsVersion(db), alias);
