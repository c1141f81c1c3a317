import { PROVENANCES } from '@memctx/contracts/vocabulary';
import {
  decodeCursor, encodeCursor, periodFor, type ActivityItem, type BrowsedRecord, type BrowsedSession, type Candidate, type ExportLine, type Page, type ProjectSummary,
  type RecordFilter, type SessionMessage, type SourceStatus,
} from '@memctx/read-models';
import type { BuiltSip, SipBuildDeps, SipRequest } from '@memctx/sip';
import type { FeatureReads } from '../../src/index.js';

/*
 * The read models as rows in memory, for testing the routes at the HTTP layer without PostgreSQL. A test puts the rows
 * a projection would have written (`seed`); every query answers only from the rows of the user it is asked about, so a
 * route that asked about the wrong user would show it. The queries keep the SQL ones' contract (filters, order, keyset
 * pages with the real cursors), not their ranking: search and SIP builds rank by how many query words a record holds.
 */

type Owned<T> = T & { user_id: string };
export type SeededSession = BrowsedSession;
export type SeededMessage = SessionMessage & { session_id: string };
export type SeededSource = SourceStatus & { project_id: string | null; session_id: string };
export interface SeededBuild { built_at: Date; tokens_baseline: number; tokens_sip: number }

/** What the in-memory SIP build was asked, so a test can see the route passed the caller's scope and budget. */
export type SipCall = SipRequest & { budgetTokens: number | undefined };

const words = (text: string | null) => (text ?? '').toLowerCase().split(/\W+/).filter((word) => word.length > 2);
const hits = (record: BrowsedRecord, query: string | null) => words(query).filter((word) => words(record.content).includes(word)).length;
const strip = <T extends { user_id: string }>({ user_id: _user, ...row }: T): Omit<T, 'user_id'> => row;
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The records cursor's key: created_at to the microsecond, as the SQL query formats it. */
const recordKey = (record: BrowsedRecord) => `${record.created_at.replace(/Z$/, '000Z')}|${record.id}`;
/** A keyset page of rows already in order, as the SQL queries cut them. */
function toPage<R, T>(rows: readonly R[], limit: number, keyOf: (row: R) => string, map: (row: R) => T): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(map), next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

export function createInMemoryReads() {
  const projects: Owned<ProjectSummary>[] = [];
  const sessions: Owned<SeededSession>[] = [];
  const messages: Owned<SeededMessage>[] = [];
  const records: Owned<BrowsedRecord>[] = [];
  const sources: Owned<SeededSource>[] = [];
  const activity: Owned<ActivityItem>[] = [];
  const builds: Owned<SeededBuild>[] = [];
  const sipCalls: SipCall[] = [];

  const mine = <T extends { user_id: string }>(rows: T[], userId: string) => rows.filter((row) => row.user_id === userId);
  const passes = (record: BrowsedRecord, filter: RecordFilter) =>
    (!filter.projectId || record.project_id === filter.projectId) && (!filter.sessionId || record.session_id === filter.sessionId)
    && (!filter.provenance || record.provenance === filter.provenance);
  const inScope = (record: BrowsedRecord, scope: { projectId: string | null; includeGlobal: boolean }) =>
    record.sip_eligible && record.record_type === 'FACTUAL'
    && (scope.projectId === null || record.project_id === scope.projectId || (scope.includeGlobal && record.project_id === null));
  const candidate = (record: BrowsedRecord, fused: number): Candidate => ({
    record_id: record.id, summary: record.summary, content: record.content, provenance: record.provenance, record_type: record.record_type,
    source_id: record.source?.id ?? null, source_title: record.source?.title ?? null, session_id: record.session_id, user_text: null, assistant_text: null,
    created_at: new Date(record.created_at), similarity: null, user_similarity: null, reply_similarity: null, text_match: fused > 0, text_score: fused, fused,
  });
  /** The user's records in scope that hold a query word (every one without a query), most words first. */
  const search = (scope: { userId: string; projectId: string | null; includeGlobal: boolean }, query: string | null) =>
    mine(records, scope.userId)
      .filter((record) => inScope(record, scope))
      .map((record) => ({ record, fused: hits(record, query) }))
      .filter(({ fused }) => query === null || fused > 0)
      .sort((a, b) => b.fused - a.fused || byId(a.record, b.record));
  const liveSession = (userId: string, sessionId: string, includeDeleted = false) =>
    mine(sessions, userId).find((session) => session.id === sessionId && (includeDeleted || session.deleted_at === null));

  const reads: FeatureReads = {
    async findProject(userId, projectId) {
      const project = mine(projects, userId).find((row) => row.id === projectId);
      return project && strip(project);
    },
    async listSources(userId, projectId) {
      return mine(sources, userId)
        .filter((source) => source.project_id === projectId)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(({ request_id: _r, failure_reason: _f, project_id: _p, session_id: _s, ...source }) => strip(source));
    },
    async findSource(userId, sourceId) {
      const source = mine(sources, userId).find((row) => row.id === sourceId);
      if (!source) return undefined;
      const { project_id: _p, session_id: _s, ...status } = strip(source);
      return status;
    },
    async findLiveSession(userId, sessionId, options = {}) {
      const session = liveSession(userId, sessionId, options.includeDeleted);
      if (!session) return undefined;
      const { deleted_at: _d, ...summary } = strip(session);
      return summary;
    },
    async listMessages(userId, sessionId, page) {
      if (!liveSession(userId, sessionId)) return undefined;
      const transcript = mine(messages, userId).filter((message) => message.session_id === sessionId);
      return { total: transcript.length, messages: transcript.slice(page.offset, page.offset + page.limit).map(({ session_id: _s, ...m }) => strip(m)) };
    },
    async listActiveSessionIds(userId) {
      return mine(sessions, userId).filter((session) => session.deleted_at === null).map((session) => session.id).sort();
    },
    async browseProjects(userId, page) {
      const after = decodeCursor(page.cursor);
      const rows = mine(projects, userId).filter((row) => row.id > after).sort(byId);
      return toPage(rows, page.limit, (row) => row.id, strip);
    },
    async browseSessions(userId, filter, page) {
      const after = decodeCursor(page.cursor);
      const rows = mine(sessions, userId)
        .filter((row) => row.id > after && (!filter.projectId || row.project_id === filter.projectId) && (filter.includeDeleted || row.deleted_at === null))
        .sort(byId);
      return toPage(rows, page.limit, (row) => row.id, strip);
    },
    async browseRecords(userId, filter, page) {
      const after = page.after ? `${page.after.createdAt}|${page.after.recordId}` : undefined;
      const rows = mine(records, userId)
        .filter((record) => passes(record, filter) && (after === undefined || recordKey(record) < after))
        .sort((a, b) => recordKey(b).localeCompare(recordKey(a)));
      return toPage(rows, page.limit, recordKey, strip);
    },
    async recordsInOrder(userId, filter, ranked) {
      const own = new Map(mine(records, userId).filter((record) => passes(record, filter)).map((record) => [record.id, strip(record)]));
      return ranked.flatMap(({ record_id, score }) => {
        const record = own.get(record_id);
        return record ? [{ ...record, score }] : [];
      });
    },
    async retrieveCandidates(scope, options) {
      return search(scope, options.queryText).slice(0, options.limit).map(({ record, fused }) => candidate(record, fused));
    },
    async *exportUser(userId, now = new Date()) {
      const lines: ExportLine[] = [
        ...mine(projects, userId).sort(byId).map((project) => ({ type: 'project', ...strip(project) })),
        ...mine(sessions, userId).sort(byId).map((session) => ({ type: 'session', ...strip(session) })),
        ...mine(messages, userId).map((message) => ({ type: 'message', ...strip(message) })),
        ...mine(records, userId).sort(byId).map((record) => ({ type: 'record', ...strip(record) })),
        ...mine(sources, userId).sort(byId).map((source) => ({ type: 'source', ...strip(source) })),
      ];
      yield { type: 'header', format: 'memctx-export', version: 1, user_id: userId, exported_at: now.toISOString() };
      yield* lines;
      const count = (type: string) => lines.filter((line) => line.type === type).length;
      yield { type: 'end', counts: { projects: count('project'), sessions: count('session'), messages: count('message'), records: count('record'), sources: count('source') } };
    },
    async efficiency(userId, windowSeconds, now = new Date()) {
      const period = periodFor(windowSeconds);
      const to = Math.floor(now.getTime() / 1000);
      const first = Math.floor((to - windowSeconds) / period) * period;
      const series = Array.from({ length: Math.floor((to - first) / period) + 1 }, (_, i) => ({ period_start: first + i * period, tokens_baseline: 0, tokens_sip: 0 }));
      for (const build of mine(builds, userId)) {
        const at = build.built_at.getTime() / 1000;
        const point = series[Math.floor((Math.floor(at) - first) / period)];
        if (!point || at <= to - windowSeconds || at > to) continue;
        point.tokens_baseline += build.tokens_baseline;
        point.tokens_sip += build.tokens_sip;
      }
      const tokens_baseline = series.reduce((sum, point) => sum + point.tokens_baseline, 0);
      const tokens_sip = series.reduce((sum, point) => sum + point.tokens_sip, 0);
      const saved = tokens_baseline - tokens_sip;
      return { tokens_baseline, tokens_sip, tokens_saved: saved, percent_reduction: tokens_baseline ? Math.round((saved / tokens_baseline) * 10_000) / 100 : 0, series };
    },
    async recentActivity(userId, limit) {
      return mine(activity, userId).sort((a, b) => b.timestamp - a.timestamp).slice(0, limit).map(strip);
    },
    async provenanceCounts(userId, projectId) {
      const counts = Object.fromEntries(PROVENANCES.map((name) => [name, 0])) as Record<(typeof PROVENANCES)[number], number>;
      for (const record of mine(records, userId)) if (!projectId || record.project_id === projectId) counts[record.provenance]++;
      return counts;
    },
    async buildSip(deps: Omit<SipBuildDeps, 'db'>, request: SipRequest): Promise<BuiltSip> {
      sipCalls.push({ ...request, budgetTokens: deps.settings?.budgetTokens });
      const found = search(request, request.query).map(({ record }) => record);
      const cited = found.slice(0, 5);
      const sip = cited.map((record, i) => `[${i + 1}] ${record.content}`).join('\n');
      const tokens = (text: string) => words(text).length;
      return {
        sip,
        citations: cited.map((record, i) => ({
          index: i + 1, record_id: record.id, summary: record.summary, provenance: record.provenance, source_id: record.source?.id ?? null, source_title: record.source?.title ?? null,
        })),
        sections: { identity: [], active_context: cited.map((record) => ({ record_id: record.id })), preferences: [], calibration_notes: {}, uncertain_facts: [] },
        records_used: cited.length,
        record_ids: cited.map((record) => record.id),
        tokens_sip: tokens(sip),
        tokens_baseline: search(request, null).reduce((sum, { record }) => sum + tokens(record.content), 0),
        grounded: cited.length > 0,
        abstain: cited.length === 0,
        cited_session_ids: [...new Set(cited.map((record) => record.session_id).filter((id) => id !== null))].sort(),
      };
    },
  };

  return {
    reads,
    /** Every SIP build the routes asked for, in order. */
    sipCalls,
    seed: {
      project: (userId: string, row: ProjectSummary) => void projects.push({ ...row, user_id: userId }),
      session: (userId: string, row: SeededSession) => void sessions.push({ ...row, user_id: userId }),
      message: (userId: string, row: SeededMessage) => void messages.push({ ...row, user_id: userId }),
      record: (userId: string, row: BrowsedRecord) => void records.push({ ...row, user_id: userId }),
      source: (userId: string, row: SeededSource) => void sources.push({ ...row, user_id: userId }),
      activity: (userId: string, row: ActivityItem) => void activity.push({ ...row, user_id: userId }),
      build: (userId: string, row: SeededBuild) => void builds.push({ ...row, user_id: userId }),
    },
  };
}

export type InMemoryReads = ReturnType<typeof createInMemoryReads>;
