import { describe, expect, it } from 'vitest';
import { InvalidEventError } from '@memctx/domain';
import type { Queryable } from '@memctx/db';
import type { RecordedEvent } from '@memctx/event-store';
import { defineProjection, type ProjectedEvent } from '@memctx/projections';

const at = '2026-11-24T10:00:00.000Z';
let position = 0;
const recorded = (type: string, data: Record<string, unknown>, schema_version = 1): RecordedEvent => ({
  global_position: ++position, transaction_id: 1, stream_id: 's', stream_position: position, event_id: `e${position}`,
  type, schema_version, data, metadata: {}, created_at: new Date(at),
});
const round = (patch: Record<string, unknown> = {}) => recorded('RoundIngested', {
  user_id: 'u1', session_id: 's1', project_id: null, round_id: 'r1', user_message: 'hi', assistant_message: 'hello',
  client_timestamp: null, response_time_ms: null, ingested_at: at, ...patch,
});

/** A projection of rounds and SIP builds that writes down what it was handed. */
function recording() {
  const seen: ProjectedEvent<'RoundIngested' | 'SipBuilt'>[] = [];
  const projection = defineProjection({
    name: 'recording', version: 1, tables: [], schemaSql: '', handles: ['RoundIngested', 'SipBuilt'],
    async apply(_tx, events) {
      seen.push(...events);
    },
  });
  return { seen, apply: (events: RecordedEvent[]) => projection.apply({} as Queryable, events) };
}

describe('a projection at the typed event boundary', () => {
  it('receives only the types it handles, parsed: unknown keys dropped, types it does not handle never parsed', async () => {
    const { seen, apply } = recording();
    await apply([recorded('SomethingElse', { anything: true }), recorded('SessionPurged', {}), round({ later_field: 1 })]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.type).toBe('RoundIngested');
    expect(seen[0]!.data).not.toHaveProperty('later_field');
    expect(seen[0]!.global_position).toBe(position);
  });

  it('refuses data its schema rejects and versions it cannot read, rather than projecting them', async () => {
    const { seen, apply } = recording();
    await expect(apply([round({ round_id: '' })])).rejects.toThrow(InvalidEventError);
    await expect(apply([recorded('RoundIngested', round().data, 2)])).rejects.toThrow(/unsupported_version/);
    expect(seen).toEqual([]);
  });

  it('accepts the placeholders a purged session\'s sealed fields read as', async () => {
    const { seen, apply } = recording();
    await apply([
      round({ user_message: '', assistant_message: '' }),
      recorded('SipBuilt', {
        user_id: 'u1', build_id: 'b1', project_id: null, session_id: 's1', query: null, records_used: 0, record_ids: [],
        sip_text: '', tokens_sip: 0, tokens_baseline: 0, grounded: false, abstain: true, built_at: at,
      }),
    ]);
    expect(seen.map((event) => event.type)).toEqual(['RoundIngested', 'SipBuilt']);
  });
});
