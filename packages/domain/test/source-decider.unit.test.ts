import { describe, expect, it } from 'vitest';
import { DeciderSpecification, event, sourceDecider, type SourceCommand, type SourceEvent } from '../src/index.js';
import { validating } from './validating.js';

const spec = DeciderSpecification.for(validating(sourceDecider));
const now = new Date('2026-11-23T10:00:00.000Z');
const at = now.toISOString();
const ids = { user_id: 'u1', source_id: 'src1' };

const request = (request_id: string): SourceCommand => ({
  type: 'RequestDocumentIngest', ...ids, request_id, now, project_id: 'p1', session_id: 's1', connector_type: 'filesystem', external_id: 'notes/a.md', domain: null,
});
const store = (request_id: string): SourceCommand => ({
  type: 'RecordDocumentIngested', ...ids, request_id, now, title: 'a.md', mime_type: 'text/markdown', source_url: null,
  chunks: [{ chunk_id: `${request_id}-0`, index: 0, text: 'hello', token_count: 1 }], content_hash: 'h',
});
const fail = (request_id: string): SourceCommand => ({ type: 'RecordDocumentIngestFailed', ...ids, request_id, now, reason: 'empty document' });

const requested = (request_id: string) =>
  event('DocumentIngestRequested', {
    ...ids, request_id, project_id: 'p1', session_id: 's1', connector_type: 'filesystem', external_id: 'notes/a.md', domain: null, requested_at: at,
  });
const stored = (request_id: string) =>
  event('DocumentIngested', {
    ...ids, request_id, project_id: 'p1', title: 'a.md', mime_type: 'text/markdown', source_url: null,
    chunks: [{ chunk_id: `${request_id}-0`, index: 0, text: 'hello', token_count: 1 }], content_hash: 'h', ingested_at: at,
  });
const failed = (request_id: string) => event('DocumentIngestFailed', { ...ids, request_id, project_id: 'p1', reason: 'empty document', failed_at: at });

describe('source decider', () => {
  it('a request starts a pending version', () => spec.given([]).when(request('r1')).then([requested('r1')]));

  it('re-requesting a stored source starts a new version', () =>
    spec.given([requested('r1'), stored('r1')]).when(request('r2')).then([requested('r2')]));

  it('records the outcome of the awaited request', () => {
    spec.given([requested('r1')]).when(store('r1')).then([stored('r1')]);
    spec.given([requested('r1')]).when(fail('r1')).then([failed('r1')]);
  });

  it('drops a second outcome for the same request (a retried job)', () => {
    spec.given([requested('r1'), stored('r1')]).when(store('r1')).thenNothing();
    spec.given([requested('r1'), failed('r1')]).when(store('r1')).thenNothing();
  });

  it('drops the outcome of a superseded request', () =>
    spec.given([requested('r1'), requested('r2')]).when(store('r1')).thenNothing());

  it('ignores an outcome for a source never requested', () => spec.given([]).when(fail('r1')).thenNothing());

  it('folds to the same state from the newest request as from the stream start, for every short history', () => {
    const kinds = [requested, stored, failed];
    const histories = (length: number): SourceEvent[][] =>
      length === 0 ? [[]] : histories(length - 1).flatMap((before) => kinds.flatMap((kind) => ['r1', 'r2'].map((id) => [...before, kind(id)])));
    const fold = (events: readonly SourceEvent[]) => events.reduce(sourceDecider.evolve, sourceDecider.initialState());
    let checked = 0;
    for (const history of histories(5)) {
      const from = history.findLastIndex((e) => sourceDecider.startsOverAt!.includes(e.type));
      if (from < 0) continue;
      expect(fold(history.slice(from))).toEqual(fold(history));
      checked++;
    }
    expect(checked).toBeGreaterThan(5_000);
  });
});
