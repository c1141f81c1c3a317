import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@memctx/db';
import type { JsonObject, RecordedEvent } from '@memctx/event-store';
import { applyHandled, createGeneration, type Projection } from '@memctx/projections';
import { activityProjection, memoryRecordsProjection, sessionsProjection } from '@memctx/read-models';
import { stepsOf } from '../src/events.js';
import { backends, type Harness } from './harness.js';

/*
 * The set-based handlers apply a whole batch as steps of many sessions. A mixed
 * batch (rounds, SIP builds, deletes, restores, purges, documents, interleaved
 * across sessions) must leave the same rows as applying its events one by one,
 * and the rows we expect from the events.
 */

const U = 'u1';
const at = (n: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, n)).toISOString();

function feed(): RecordedEvent[] {
  const positions = new Map<string, number>();
  const events: RecordedEvent[] = [];
  const add = (stream: string, type: string, data: JsonObject) => {
    const stream_position = (positions.get(stream) ?? 0) + 1;
    positions.set(stream, stream_position);
    const global_position = events.length + 1;
    events.push({
      global_position, transaction_id: 1, stream_id: stream, stream_position, event_id: `e${global_position}`, type,
      schema_version: 1, data: { user_id: U, ...data }, metadata: {}, created_at: new Date(at(global_position)),
    });
  };
  const round = (session: string, id: string, user: string, reply: string) =>
    add(`session-${session}`, 'RoundIngested', {
      session_id: session, project_id: 'p1', round_id: id, user_message: user, assistant_message: reply,
      client_timestamp: null, response_time_ms: 10, ingested_at: at(events.length + 1),
    });
  const sip = (session: string, text: string, cited: string[]) =>
    add('sips', 'SipBuilt', {
      build_id: `b${events.length + 1}`, project_id: 'p1', session_id: session, query: 'q', records_used: cited.length,
      record_ids: [], cited_session_ids: cited, sip_text: text, tokens_sip: 5, tokens_baseline: 50, grounded: true, abstain: false,
      built_at: at(events.length + 1),
    });
  const lifecycle = (session: string, type: string) =>
    add(`session-${session}`, type, { session_id: session, deleted_at: at(events.length + 1), purge_after: at(9_999), reason: 'delete', restored_at: at(events.length + 1), purged_at: at(events.length + 1) });
  const doc = (source: string, chunks: string[]) =>
    add(`source-${source}`, 'DocumentIngested', {
      source_id: source, request_id: `r${events.length + 1}`, project_id: 'p1', title: `Doc ${source}`, mime_type: 'text/plain',
      source_url: null, content_hash: 'h', ingested_at: at(events.length + 1),
      chunks: chunks.map((text, index) => ({ chunk_id: `${source}-${text}`, index, text, token_count: 1 })),
    });

  round('A', 'a1', 'First question of A', 'first answer');
  round('B', 'b1', 'Question of B', 'answer of B');
  round('A', 'a2', 'Second of A', '');
  sip('A', 'SIP quoting B', ['B']);
  round('C', 'c1', 'Question of C', 'answer of C');
  round('A', 'a3', 'Third of A', 'reply shaped by the SIP quoting B');
  lifecycle('C', 'SessionSoftDeleted');
  add('session-B', 'GeneratedStatementRecorded', {
    session_id: 'B', project_id: 'p1', record_id: 'gB', user_message: 'q', assistant_message: 'a guess about B', recorded_at: at(events.length + 1),
  });
  lifecycle('C', 'SessionRestored');
  lifecycle('C', 'SessionSoftDeleted');
  sip('C', 'SIP quoting A', ['A']);
  lifecycle('B', 'SessionPurged');
  sip('A', 'SIP after the purge', ['B']);
  // F's first events come after the purge but would sort into an earlier step than it without the cut at the purge.
  sip('F', 'F quoting B after its purge', ['B']);
  round('F', 'f1', 'Question of F', 'reply shaped by F quoting B');
  round('A', 'a4', 'Fourth of A', 'reply shaped by the later SIP');
  doc('s1', ['one', 'two']);
  doc('s1', ['three']);
  round('E', 'e1', 'Question of E', 'answer of E');
  lifecycle('C', 'SessionRestored');
  lifecycle('A', 'SessionSoftDeleted');
  round('C', 'c2', 'Back in C', 'reply shaped by the SIP quoting A');
  return events;
}

const TABLES: Record<string, Record<string, string>> = {
  sessions: { sessions: 'session_id', session_messages: 'session_id, seq', session_sips: 'session_id' },
  memory_records: { memory_records: 'record_id', memory_token_totals: 'project_key' },
  activity: { activity_items: 'global_position' },
};

async function rowsOf(db: Db, projection: Projection, schema: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES[projection.name]!)) {
    // change_stamp counts the writing transactions, which differ between the two ways of applying by design.
    out[table] = (await db.query(`SELECT * FROM ${schema}.${table} ORDER BY ${order}`)).rows.map(({ change_stamp: _, ...row }) => row);
  }
  return out;
}

describe.each(backends)('set-based handlers on %s', (_name, open) => {
  let h: Harness;
  const results: Record<string, { batch: Record<string, unknown[]>; oneByOne: Record<string, unknown[]> }> = {};
  beforeAll(async () => {
    h = await open();
    const events = feed();
    for (const projection of [sessionsProjection, memoryRecordsProjection, activityProjection]) {
      const batch = await createGeneration(h.db, projection, 'building');
      await h.db.transaction((tx) => applyHandled(tx, projection, batch.schemaName, events));
      const oneByOne = await createGeneration(h.db, projection, 'building');
      for (const event of events) await h.db.transaction((tx) => applyHandled(tx, projection, oneByOne.schemaName, [event]));
      results[projection.name] = { batch: await rowsOf(h.db, projection, batch.schemaName), oneByOne: await rowsOf(h.db, projection, oneByOne.schemaName) };
    }
  });
  afterAll(() => h.close());

  it('sessions: a mixed batch leaves the rows its events do one by one', () => {
    const { batch, oneByOne } = results.sessions!;
    expect(batch).toEqual(oneByOne);
    const sessions = batch.sessions as Array<{ session_id: string; message_count: number; deleted_at: Date | null; title: string }>;
    expect(sessions.map((s) => [s.session_id, s.message_count, s.deleted_at !== null, s.title])).toEqual([
      ['A', 7, true, 'First question of A'],
      ['C', 4, false, 'Question of C'],
      ['E', 2, false, 'Question of E'],
      ['F', 2, false, 'Question of F'],
    ]);
    const replies = (batch.session_messages as Array<{ round_id: string; role: string; sip_text: string; records_used: number }>)
      .filter((m) => m.role === 'assistant')
      .map((m) => [m.round_id, m.sip_text, m.records_used]);
    // a3's SIP quoted B and was blanked by B's purge; the SIP built after the purge shaped a4 and stays.
    expect(replies).toEqual([
      ['a1', '', 0], ['a3', '', 1], ['a4', 'SIP after the purge', 1], ['c1', '', 0], ['c2', 'SIP quoting A', 1], ['e1', '', 0],
      ['f1', 'F quoting B after its purge', 1],
    ]);
    expect(batch.session_sips).toEqual([]);
  });

  it('memory_records: a mixed batch leaves the rows its events do one by one', () => {
    const { batch, oneByOne } = results.memory_records!;
    expect(batch).toEqual(oneByOne);
    const records = batch.memory_records as Array<{ record_id: string; hidden: boolean; provenance: string }>;
    expect(records.map((r) => [r.record_id, r.provenance, r.hidden])).toEqual([
      ['a1', 'ROUND', true], ['a2', 'ROUND', true], ['a3', 'ROUND', true], ['a4', 'ROUND', true],
      ['c1', 'ROUND', false], ['c2', 'ROUND', false], ['e1', 'ROUND', false], ['f1', 'ROUND', false], ['s1-three', 'DOCUMENT_VERIFIED', false],
    ]);
    const totals = batch.memory_token_totals as Array<{ project_key: string; records: string }>;
    expect(totals.map((t) => [t.project_key, Number(t.records)])).toEqual([['p1', 5]]);
  });

  it('activity: a mixed batch leaves the rows its events do one by one', () => {
    const { batch, oneByOne } = results.activity!;
    expect(batch).toEqual(oneByOne);
    const items = batch.activity_items as Array<{ type: string; session_id: string | null; hidden: boolean }>;
    expect(items.filter((i) => i.session_id === 'B')).toEqual([]);
    expect(items.filter((i) => i.session_id === 'A').every((i) => i.hidden)).toBe(true);
    expect(items.filter((i) => i.session_id === 'C').map((i) => i.hidden)).toEqual([false, false, false]);
    expect(items.filter((i) => i.type === 'source_ingested')).toHaveLength(2);
  });
});

describe('stepsOf', () => {
  const event = (n: number, type: string, session: string): RecordedEvent => ({
    global_position: n, transaction_id: 1, stream_id: session, stream_position: n, event_id: `e${n}`, type, schema_version: 1,
    data: { session_id: session }, metadata: {}, created_at: new Date(0),
  });
  const keyOf = (e: RecordedEvent) => String(e.data.session_id);
  const positions = (steps: RecordedEvent[][]) => steps.map((step) => step.map((e) => e.global_position));

  it('puts each session in one step per layer, keeps its order, and shares steps across sessions', () => {
    const events = [event(1, 'R', 'a'), event(2, 'R', 'b'), event(3, 'D', 'a'), event(4, 'R', 'a'), event(5, 'R', 'b'), event(6, 'D', 'c')];
    expect(positions(stepsOf(events, { keyOf }))).toEqual([[1, 2, 5], [6], [3], [4]]);
  });

  it('cuts the batch at barriers and keeps consecutive barriers together', () => {
    const events = [event(1, 'R', 'a'), event(2, 'P', 'b'), event(3, 'P', 'c'), event(4, 'R', 'a'), event(5, 'R', 'd')];
    expect(positions(stepsOf(events, { keyOf, isBarrier: (e) => e.type === 'P' }))).toEqual([[1], [2, 3], [4, 5]]);
  });
});
