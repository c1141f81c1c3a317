import { describe, expect, it } from 'vitest';
import { planImport } from '../src/import-plan.js';

const header = { type: 'header', format: 'memctx-export', version: 1, user_id: 'u', exported_at: '2026-01-01T00:00:00.000Z' };
const end = (counts = {}) => ({ type: 'end', counts });

describe('planImport', () => {
  it('turns messages back into rounds, keeps generated statements, and deletes deleted sessions again', () => {
    // Given an export with a project, a deleted session in it, one round, a generated statement, a source and a failed source
    const lines = [
      header,
      { type: 'project', id: 'p1', name: 'travel' },
      { type: 'session', id: 's1', project_id: 'p1', deleted_at: '2026-01-02T00:00:00.000Z' },
      { type: 'session', id: 's2', project_id: '', deleted_at: null },
      { type: 'message', session_id: 's1', role: 'user', content: 'I live in Lisbon', created_at: '2026-01-01T10:00:00.000Z', round_id: 'r1' },
      { type: 'message', session_id: 's1', role: 'assistant', content: 'Noted', created_at: '2026-01-01T10:00:00.000Z', round_id: 'r1' },
      { type: 'message', session_id: 's2', role: 'user', content: 'Hi', created_at: '2026-01-03T10:00:00.000Z', round_id: 'r2' },
      { type: 'record', id: 'g1', session_id: 's2', provenance: 'AI_GENERATED', content: 'User: Hi\nAssistant: You like tea', embed_text: 'You like tea' },
      { type: 'record', id: 'r1', session_id: 's1', provenance: 'ROUND', content: 'User: I live in Lisbon\nAssistant: Noted', embed_text: 'I live in Lisbon' },
      { type: 'record', id: 'c1', session_id: 's2', provenance: 'DOCUMENT_VERIFIED', source_id: 'src1', content: 'chunk', embed_text: 'chunk' },
      { type: 'record', id: 'c2', session_id: 's2', provenance: 'DOCUMENT_VERIFIED', source_id: 'src1', content: 'chunk 2', embed_text: 'chunk 2' },
      { type: 'source', id: 'src1', source_type: 'web', external_id: 'https://example.com/a', session_id: 's2', title: 'A', ingest_status: 'ingested' },
      { type: 'source', id: 'src2', source_type: 'web', external_id: 'https://example.com/gone', session_id: 's2', title: 'gone', ingest_status: 'failed' },
      end({ projects: 1 }),
    ];
    // When it is planned
    const plan = planImport(lines);
    // Then each round is one ingest with a stable idempotency key, in the session's project
    expect(plan.projects).toEqual([{ id: 'p1', name: 'travel' }]);
    expect(plan.rounds).toEqual([
      { key: 'import:r1', session_id: 's1', project_id: 'p1', user_message: 'I live in Lisbon', assistant_message: 'Noted', timestamp: '2026-01-01T10:00:00.000Z' },
      { key: 'import:r2', session_id: 's2', project_id: null, user_message: 'Hi', assistant_message: '', timestamp: '2026-01-03T10:00:00.000Z' },
    ]);
    expect(plan.generated).toEqual([{ key: 'import:g1', session_id: 's2', user_message: 'Hi', assistant_message: 'You like tea' }]);
    expect(plan.deletedSessions).toEqual(['s1']);
    // And a source is requested again from its connector, with a stable key; a failed one is not
    expect(plan.sources).toEqual([{ id: 'src1', key: 'import:src1', connector_type: 'web', external_id: 'https://example.com/a', session_id: 's2', title: 'A', exported_chunks: 2 }]);
    expect(plan.skipped).toEqual({ failedSources: 1 });
    expect(plan.exported).toEqual({ projects: 1 });
  });

  it('refuses a file that is not an export, or is cut off', () => {
    expect(() => planImport([{ type: 'project', id: 'p' }, end()])).toThrow(/not a memctx export/);
    expect(() => planImport([header, { type: 'project', id: 'p', name: 'x' }])).toThrow(/cut off/);
    expect(() => planImport([header, { type: 'project', id: 'p' }, end()])).toThrow(/no name/);
  });
});
