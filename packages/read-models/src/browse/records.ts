import type { Provenance, RecordType } from '@memctx/contracts/vocabulary';
import type { Db } from '@memctx/db';
import { recordTexts } from '../memory-records/texts.js';
import { decodeCursor, toPage, type Page, type PageRequest } from './pages.js';

export interface BrowsedRecord {
  id: string;
  session_id: string | null;
  project_id: string | null;
  provenance: Provenance;
  record_type: RecordType;
  sip_eligible: boolean;
  summary: string;
  content: string;
  source: { id: string; title: string | null } | null;
  created_at: string;
  embedded: boolean;
  score: number | null;
}

export interface RecordFilter {
  projectId?: string | undefined;
  sessionId?: string | undefined;
  provenance?: Provenance | undefined;
}

type RecordRow = Pick<BrowsedRecord, 'session_id' | 'project_id' | 'provenance' | 'record_type' | 'sip_eligible' | 'summary' | 'content' | 'embedded'> & {
  record_id: string;
  source_id: string | null;
  source_title: string | null;
  created_at: Date;
  /** created_at to the microsecond, UTC, for the keyset: a JS Date would drop the microseconds. */
  created_key: string;
};

const columnsOf = async (db: Db) => `record_id, session_id, project_id, provenance, record_type, sip_eligible, summary,
  ${(await recordTexts(db)).content} AS content, source_id, source_title,
  created_at, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key, embedding IS NOT NULL AS embedded`;

const filters = `user_id = $1 AND NOT hidden AND ($2::text IS NULL OR project_id = $2) AND ($3::text IS NULL OR session_id = $3)
  AND ($4::text IS NULL OR provenance = $4)`;

const toRecord = (row: RecordRow, score: number | null = null): BrowsedRecord => ({
  id: row.record_id,
  session_id: row.session_id,
  project_id: row.project_id,
  provenance: row.provenance,
  record_type: row.record_type,
  sip_eligible: row.sip_eligible,
  summary: row.summary,
  content: row.content,
  source: row.source_id ? { id: row.source_id, title: row.source_title } : null,
  created_at: row.created_at.toISOString(),
  embedded: row.embedded,
  score,
});

const CURSOR_KEY = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d{6}Z\|(.+)$/s;

/** The (created_at, record_id) a records cursor names, or undefined when it was not made by this service. */
export function parseRecordCursor(cursor: string | undefined): { createdAt: string; recordId: string } | undefined {
  const match = CURSOR_KEY.exec(decodeCursor(cursor));
  if (!match) return undefined;
  const [key, seconds, recordId] = match as unknown as [string, string, string];
  // A date the calendar does not have (month 13, 30 February) would fail in SQL; refuse it here.
  const ms = Date.parse(`${seconds}Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== seconds) return undefined;
  return { createdAt: key.slice(0, key.indexOf('|')), recordId };
}

/** Live records of the user, newest first; `after` comes from parseRecordCursor. */
export async function browseRecords(
  db: Db,
  userId: string,
  filter: RecordFilter,
  page: PageRequest & { after?: { createdAt: string; recordId: string } | undefined },
): Promise<Page<BrowsedRecord>> {
  const { rows } = await db.query<RecordRow>(
    `SELECT ${await columnsOf(db)} FROM memory_records m
     WHERE ${filters} AND ($5::timestamptz IS NULL OR (created_at, record_id) < ($5::timestamptz, $6::text))
     ORDER BY created_at DESC, record_id DESC LIMIT $7`,
    [userId, filter.projectId ?? null, filter.sessionId ?? null, filter.provenance ?? null, page.after?.createdAt ?? null, page.after?.recordId ?? '', page.limit + 1],
  );
  return toPage(rows, page.limit, (row) => `${row.created_key}|${row.record_id}`, (row) => toRecord(row));
}

/** The given records (e.g. retrieval's ranking) that pass the filter, in the given order, with their scores. */
export async function recordsInOrder(
  db: Db,
  userId: string,
  filter: RecordFilter,
  ranked: ReadonlyArray<{ record_id: string; score: number }>,
): Promise<BrowsedRecord[]> {
  if (ranked.length === 0) return [];
  const { rows } = await db.query<RecordRow>(`SELECT ${await columnsOf(db)} FROM memory_records m WHERE ${filters} AND record_id = ANY($5::text[])`, [
    userId, filter.projectId ?? null, filter.sessionId ?? null, filter.provenance ?? null, ranked.map((r) => r.record_id),
  ]);
  const byId = new Map(rows.map((row) => [row.record_id, row]));
  return ranked.flatMap(({ record_id, score }) => {
    const row = byId.get(record_id);
    return row ? [toRecord(row, score)] : [];
  });
}
