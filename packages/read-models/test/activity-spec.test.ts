import { describe, it } from 'vitest';
import { ACTIVITY_SUMMARY_LENGTH, activityProjection } from '@memctx/read-models';
import { projectionSpec } from './projection-spec.js';
import { purged, restored, round, shown, sipBuilt, softDeleted, sourceRequested, statement } from './spec-events.js';

const spec = projectionSpec(activityProjection);
const items = `SELECT type, ref_id, project_id, session_id, summary, occurred_at::text AS occurred_at, hidden
  FROM activity_items ORDER BY global_position`;
const item = (type: string, ref_id: string, session_id: string | null, summary: string, minute: number, hidden = false) => ({
  type, ref_id, project_id: 'p1', session_id, summary, occurred_at: shown(minute), hidden,
});

describe('activity projection (given events, when events, then rows)', () => {
  it('adds one item per round, generated statement, SIP build and source request, in feed order', async () => {
    await spec.given(round('s1', 'r1', 1, 'How do\n I rotate keys?'), statement('s1', 'g1', 2, 'Keys rotate monthly.'))
      .when(sipBuilt('b1', null, 3), sourceRequested('src1', 'q1', 4))
      .then(items, [
        item('round_ingested', 'r1', 's1', 'How do I rotate keys?', 1),
        item('statement_generated', 'g1', 's1', 'Keys rotate monthly.', 2),
        item('sip_built', 'b1', null, 'SIP built from 2 records: 30 tokens instead of 300', 3),
        item('source_requested', 'src1', 's1', 'Fetching https://example.org/src1 from web', 4),
      ]);
  });

  it('shows a generated statement by its reply, beside the round of its session', async () => {
    await spec.given(statement('s1', 'g1', 1, 'Probably Tuesday.')).when(round('s1', 'r1', 2, 'hello', 'hi')).then('SELECT type, summary FROM activity_items ORDER BY type', [
      { type: 'round_ingested', summary: 'hello' },
      { type: 'statement_generated', summary: 'Probably Tuesday.' },
    ]);
  });

  it('shows each item as one line of at most ACTIVITY_SUMMARY_LENGTH characters', async () => {
    const message = `Plans\n\n  for\tthe ${'trip '.repeat(60)}`;
    await spec.given().when(round('s1', 'r1', 1, message, '')).then('SELECT summary FROM activity_items', [
      { summary: `Plans for the ${'trip '.repeat(60)}`.slice(0, ACTIVITY_SUMMARY_LENGTH) },
    ]);
  });

  it('hides the items of a soft-deleted session only, and shows them again on restore', async () => {
    const given = [round('s1', 'r1', 1, 'one'), round('s2', 'r2', 2, 'two')] as const;
    await spec.given(...given).when(softDeleted('s1', 3)).then(items, [
      item('round_ingested', 'r1', 's1', 'one', 1, true),
      item('round_ingested', 'r2', 's2', 'two', 2),
    ]);
    await spec.given(...given, softDeleted('s1', 3)).when(restored('s1', 4)).then(items, [
      item('round_ingested', 'r1', 's1', 'one', 1),
      item('round_ingested', 'r2', 's2', 'two', 2),
    ]);
  });

  it('deletes the items of a purged session only', async () => {
    await spec.given(round('s1', 'r1', 1, 'one'), round('s2', 'r2', 2, 'two'), softDeleted('s1', 3)).when(purged('s1', 4)).then(items, [
      item('round_ingested', 'r2', 's2', 'two', 2),
    ]);
  });
});
