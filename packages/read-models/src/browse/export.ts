import type { Db } from '@memctx/db';
import { recordTexts } from '../memory-records/texts.js';
import type { ProjectSource } from '../sources/queries.js';
import type { Page } from './pages.js';
import { browseProjects, browseSessions } from './queries.js';

export const EXPORT_FORMAT = 'memctx-export';
export const EXPORT_VERSION = 1;
const BATCH = 500;

export type ExportCounts = Record<'projects' | 'sessions' | 'messages' | 'records' | 'sources', number>;

/** One line of an export; `type` says which table it came from. */
export type ExportLine = { type: string } & Record<string, unknown>;

/** Rows of one table in key order, a batch at a time, so an export of any size holds one batch in memory. */
async function* keyset<R>(read: (after: R | undefined) => Promise<R[]>): AsyncGenerator<R> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1);
  }
}

/** Items of a cursor-paged query, page after page. */
async function* paged<T>(read: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    yield* page.items;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything of one user, table by table: projects, sessions (deleted ones
 * too), messages, records (hidden ones too) and sources, framed by a header
 * and an `end` line with the counts, so a reader can tell a cut-off file.
 * Each batch is its own statement: not one snapshot, so export at a quiet moment.
 */
export async function* exportUser(db: Db, userId: string, now = new Date()): AsyncGenerator<ExportLine> {
  const counts: ExportCounts = { projects: 0, sessions: 0, messages: 0, records: 0, sources: 0 };
  yield { type: 'header', format: EXPORT_FORMAT, version: EXPORT_VERSION, user_id: userId, exported_at: now.toISOString() };

  for await (const project of paged((cursor) => browseProjects(db, userId, { limit: BATCH, cursor }))) {
    counts.projects++;
    yield { type: 'project', ...project };
  }
  for await (const session of paged((cursor) => browseSessions(db, userId, { includeDeleted: true }, { limit: BATCH, cursor }))) {
    counts.sessions++;
    yield { type: 'session', ...session };
  }

  type MessageRow = { session_id: string; seq: string; message_id: string; role: string; content: string; created_at: Date; round_id: string; records_used: number; sip_text: string };
  const messages = keyset<MessageRow>(async (after) =>
    (await db.query<MessageRow>(
      `SELECT session_id, seq::text, message_id, role, content, created_at, round_id, records_used, sip_text FROM session_messages
       WHERE user_id = $1 AND (session_id, seq) > ($2, $3::bigint) ORDER BY session_id, seq LIMIT ${BATCH}`,
      [userId, after?.session_id ?? '', after?.seq ?? '-1'],
    )).rows,
  );
  for await (const { seq: _seq, message_id, created_at, ...message } of messages) {
    counts.messages++;
    yield { type: 'message', id: message_id, ...message, created_at: created_at.toISOString() };
  }

  type RecordRow = {
    record_id: string; session_id: string | null; project_id: string | null; source_id: string | null; source_title: string | null;
    provenance: string; record_type: string; sip_eligible: boolean; summary: string; content: string; embed_text: string; created_at: Date; hidden: boolean;
  };
  const texts = await recordTexts(db);
  const records = keyset<RecordRow>(async (after) =>
    (await db.query<RecordRow>(
      `SELECT record_id, session_id, project_id, source_id, source_title, provenance, record_type, sip_eligible, summary,
         ${texts.content} AS content, ${texts.embedText} AS embed_text, created_at, hidden
       FROM memory_records m WHERE user_id = $1 AND record_id > $2 ORDER BY record_id LIMIT ${BATCH}`,
      [userId, after?.record_id ?? ''],
    )).rows,
  );
  for await (const { record_id, created_at, ...record } of records) {
    counts.records++;
    yield { type: 'record', id: record_id, ...record, created_at: created_at.toISOString() };
  }

  type SourceRow = Omit<ProjectSource, 'created_at' | 'updated_at'> & { project_id: string | null; session_id: string; created_at: Date; updated_at: Date };
  const sources = keyset<SourceRow>(async (after) =>
    (await db.query<SourceRow>(
      `SELECT source_id AS id, project_id, session_id, external_id, title, source_type, provenance, ingest_status, chunk_count, created_at, updated_at
       FROM sources WHERE user_id = $1 AND source_id > $2 ORDER BY source_id LIMIT ${BATCH}`,
      [userId, after?.id ?? ''],
    )).rows,
  );
  for await (const source of sources) {
    counts.sources++;
    yield { type: 'source', ...source, created_at: iso(source.created_at), updated_at: iso(source.updated_at) };
  }

  yield { type: 'end', counts };
}
