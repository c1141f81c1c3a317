import { describe, expect, it } from 'vitest';
import {
  ConnectorListRequest,
  CreateProjectRequest,
  EfficiencyQuery,
  GeneratedStatementRequest,
  GeneratedStatementResponse,
  MemoryIngestRequest,
  ProjectSummary,
  SessionSummary,
  SipBuildResponse,
  validateRequest,
} from '../src/index.js';

describe('request schemas', () => {
  it('fills the ingest defaults and allows an empty assistant message', () => {
    expect(MemoryIngestRequest.parse({ user_message: 'hi', assistant_message: '', session_id: 's1' })).toEqual({
      user_message: 'hi',
      assistant_message: '',
      session_id: 's1',
      project_id: null,
      timestamp: null,
      response_time_ms: null,
    });
  });

  it('rejects messages over 100,000 characters', () => {
    const result = validateRequest({ body: MemoryIngestRequest }, {
      body: { kind: 'json', value: { user_message: 'x'.repeat(100_001), assistant_message: '', session_id: 's' } },
    });
    expect(result.ok ? undefined : result.rejection.body).toMatchObject({
      detail: [{ type: 'string_too_long', loc: ['body', 'user_message'], ctx: { max_length: 100_000 } }],
    });
  });

  it('requires a non-empty statement for a generated record, but not the user message', () => {
    expect(GeneratedStatementRequest.parse({ assistant_message: 'maybe', session_id: 's' })).toEqual({
      user_message: null,
      assistant_message: 'maybe',
      session_id: 's',
    });
    expect(GeneratedStatementRequest.safeParse({ assistant_message: '', session_id: 's' }).success).toBe(false);
  });

  it('trims a project name, requires it, and truncates it to 100 characters by code point', () => {
    expect(CreateProjectRequest.parse({ name: '  demo  ' }).name).toBe('demo');
    expect(CreateProjectRequest.parse({ name: 'a'.repeat(150) }).name).toBe('a'.repeat(100));
    expect(CreateProjectRequest.parse({ name: '😀'.repeat(101) }).name).toBe('😀'.repeat(100));
    expect(CreateProjectRequest.safeParse({ name: '   ' }).success).toBe(false);
  });

  it('defaults the connector page size and treats null as the default', () => {
    expect(ConnectorListRequest.parse({ credentials: {} })).toEqual({ credentials: {}, query: null, page_size: 20 });
    expect(ConnectorListRequest.parse({ credentials: { token: 't' }, page_size: null }).page_size).toBe(20);
    expect(ConnectorListRequest.parse({ credentials: {}, page_size: '50' }).page_size).toBe(50);
    expect(ConnectorListRequest.safeParse({ credentials: {}, page_size: 101 }).success).toBe(false);
    expect(ConnectorListRequest.safeParse({}).success).toBe(false);
  });

  it('defaults the efficiency window to 7 days', () => {
    expect(EfficiencyQuery.parse({})).toEqual({ window_seconds: 604_800 });
  });
});

describe('response schemas', () => {
  it('fill the spec defaults of a SIP build and drop unknown fields', () => {
    expect(SipBuildResponse.parse({ sip: '', records_used: 0, user_id: 'u', internal: 1 })).toEqual({
      sip: '',
      records_used: 0,
      user_id: 'u',
      abstain: false,
      grounded: false,
      citations: [],
    });
  });

  it('default counts and flags', () => {
    const times = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
    expect(ProjectSummary.parse({ id: 'p', name: 'n', ...times })).toMatchObject({ session_count: 0, source_count: 0 });
    expect(
      SessionSummary.parse({ id: 's', title: 't', ...times, last_message_preview: '', message_count: 0, project_id: 'p' }).is_archived,
    ).toBe(false);
  });

  it('leave record_id of a generated statement optional', () => {
    expect(GeneratedStatementResponse.parse({ provenance: 'AI_GENERATED', records_written: 1, status: 'stored' })).not.toHaveProperty('record_id');
  });
});
