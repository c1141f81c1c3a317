import { describe, expect, it } from 'vitest';
import {
  DomainEvent, InvalidEventError, createEventParser, isEventType, parseDomainEvent, parseEventOf, projectEventTypes, schemaVersionOf, schemaVersions,
  serializeEvent, type EventType,
} from '../src/index.js';
import { samples } from './fixtures.js';

const types = Object.keys(samples) as EventType[];

/** The sample of `type` with `data` fields overridden. */
const withData = (type: EventType, patch: Record<string, unknown>) => ({ ...samples[type].data, ...patch });

const rejection = (type: string, data: unknown, version?: number): InvalidEventError => {
  try {
    parseDomainEvent(type, data, version);
  } catch (error) {
    if (error instanceof InvalidEventError) return error;
    throw error;
  }
  throw new Error(`expected ${type} to be rejected`);
};

describe('event schemas', () => {
  it('know every event type, each at schema version 1', () => {
    expect([...types].sort()).toEqual(Object.keys(schemaVersions).sort());
    expect(new Set(Object.values(schemaVersions))).toEqual(new Set([1]));
  });

  it.each(types)('round-trip a valid %s through JSON', (type) => {
    const stored = JSON.parse(JSON.stringify(samples[type].data)) as unknown;
    expect(parseDomainEvent(type, stored, 1)).toEqual(samples[type]);
    expect(DomainEvent.parse(samples[type])).toEqual(samples[type]);
  });

  it.each(types)('reject %s data without user_id', (type) => {
    const { user_id: _, ...data } = samples[type].data;
    expect(rejection(type, data).issues.map((i) => i.path.join('.'))).toEqual(['data.user_id']);
  });

  it('reject wrong types, empty ids and non-object data', () => {
    expect(rejection('ProjectCreated', withData('ProjectCreated', { name: 7 })).message).toMatch(/data\.name/);
    expect(rejection('SessionRestored', withData('SessionRestored', { session_id: '' })).reason).toBe('invalid_data');
    expect(rejection('SipBuilt', withData('SipBuilt', { record_ids: ['r1', 2] })).message).toMatch(/data\.record_ids\.1/);
    expect(rejection('RoundIngested', null).reason).toBe('invalid_data');
  });

  it('accept only toISOString timestamps (UTC, milliseconds)', () => {
    const restoredAt = (restored_at: string) => () => parseDomainEvent('SessionRestored', withData('SessionRestored', { restored_at }));
    expect(restoredAt(new Date().toISOString())).not.toThrow();
    for (const bad of ['yesterday', '2026-11-23T10:00:00Z', '2026-11-23T11:00:00.000+01:00', '2026-11-23 10:00:00.000Z', '2026-02-30T10:00:00.000Z']) {
      expect(restoredAt(bad), bad).toThrow(InvalidEventError);
    }
  });

  it('reject negative or fractional counts and unknown enum values', () => {
    expect(() => parseDomainEvent('SipBuilt', withData('SipBuilt', { tokens_sip: -1 }))).toThrow(InvalidEventError);
    expect(() => parseDomainEvent('RoundIngested', withData('RoundIngested', { response_time_ms: 1.5 }))).toThrow(InvalidEventError);
    expect(() => parseDomainEvent('SessionSoftDeleted', withData('SessionSoftDeleted', { reason: 'archive' }))).toThrow(InvalidEventError);
    const chunks = [{ chunk_id: 'c0', index: 0, text: 'x', token_count: -3 }];
    expect(rejection('DocumentIngested', withData('DocumentIngested', { chunks })).message).toMatch(/data\.chunks\.0\.token_count/);
  });

  it('allow null where the model says so, and nowhere else', () => {
    expect(() => parseDomainEvent('RoundIngested', withData('RoundIngested', { project_id: null, client_timestamp: null, response_time_ms: null }))).not.toThrow();
    expect(() => parseDomainEvent('RoundIngested', withData('RoundIngested', { round_id: null }))).toThrow(InvalidEventError);
    expect(() => parseDomainEvent('DocumentIngestFailed', withData('DocumentIngestFailed', { reason: null }))).toThrow(InvalidEventError);
  });

  it('drop unknown keys, so an older reader survives an additive change', () => {
    expect(parseDomainEvent('SessionPurged', withData('SessionPurged', { later_field: 1 }))).toEqual(samples.SessionPurged);
  });

  it('refuse unknown types and versions this code cannot read', () => {
    expect(rejection('SessionArchived', {}).reason).toBe('unknown_type');
    expect(rejection('toString', {}).reason).toBe('unknown_type');
    expect(rejection('ProjectCreated', samples.ProjectCreated.data, 2).reason).toBe('unsupported_version');
    expect(rejection('ProjectCreated', samples.ProjectCreated.data, 0).reason).toBe('unsupported_version');
    expect(rejection('ProjectCreated', samples.ProjectCreated.data, 1.5).reason).toBe('unsupported_version');
    expect(isEventType('SipBuilt')).toBe(true);
    expect(isEventType('hasOwnProperty')).toBe(false);
  });
});

describe('schema versions', () => {
  it('stamp the current version of a known type and refuse an unknown one', () => {
    expect(schemaVersionOf('RoundIngested')).toBe(schemaVersions.RoundIngested);
    expect(() => schemaVersionOf('SessionArchived')).toThrow(InvalidEventError);
  });

  it.each(types)('given a %s, when serialized and parsed back, then it is the same event at its current version', (type) => {
    const stored = serializeEvent(samples[type]);
    expect(stored.schema_version).toBe(schemaVersions[type]);
    expect(parseDomainEvent(stored.type, JSON.parse(JSON.stringify(stored.data)), stored.schema_version)).toEqual(samples[type]);
  });

  it('given a stream of project events, when it holds another memctx type, then parsing it as project events refuses it', () => {
    expect(parseEventOf(projectEventTypes, 'ProjectRenamed', samples.ProjectRenamed.data)).toEqual(samples.ProjectRenamed);
    expect(() => parseEventOf(projectEventTypes, 'SessionPurged', samples.SessionPurged.data)).toThrow(
      expect.objectContaining({ reason: 'unexpected_type' }),
    );
  });

  // A ProjectRenamed at version 3 whose version 1 called the field `title` and version 2 `label`.
  const renamedAt3 = { ...schemaVersions, ProjectRenamed: 3 };
  const { name, ...unnamed } = samples.ProjectRenamed.data;
  const steps = {
    ProjectRenamed: {
      1: (data: unknown) => { const { title, ...rest } = data as { title: string }; return { ...rest, label: title }; },
      2: (data: unknown) => { const { label, ...rest } = data as { label: string }; return { ...rest, name: label }; },
    },
  };

  it('upcast an older version step by step before validating', () => {
    const parse = createEventParser(renamedAt3, steps);
    expect(parse('ProjectRenamed', { ...unnamed, title: name }, 1)).toEqual(samples.ProjectRenamed);
    expect(parse('ProjectRenamed', { ...unnamed, label: name }, 2)).toEqual(samples.ProjectRenamed);
    expect(parse('ProjectRenamed', samples.ProjectRenamed.data, 3)).toEqual(samples.ProjectRenamed);
    expect(parse('ProjectRenamed', samples.ProjectRenamed.data)).toEqual(samples.ProjectRenamed);
  });

  it('refuse an older version with a missing step, and validate what a step produced', () => {
    const missing = createEventParser(renamedAt3, { ProjectRenamed: { 2: steps.ProjectRenamed[2] } });
    expect(() => missing('ProjectRenamed', { ...unnamed, title: name }, 1)).toThrow(/no upcaster from schema_version 1 to 2/);
    const wrong = createEventParser(renamedAt3, { ProjectRenamed: { ...steps.ProjectRenamed, 2: (data: unknown) => data } });
    expect(() => wrong('ProjectRenamed', { ...unnamed, label: name }, 2)).toThrow(/data\.name/);
  });
});
