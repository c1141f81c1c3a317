import { describe, it } from 'vitest';
import { sessionsProjection } from '@memctx/read-models';
import { projectionSpec } from './projection-spec.js';
import { purged, restored, round, shown, sipBuilt, softDeleted, statement } from './spec-events.js';

const spec = projectionSpec(sessionsProjection);
const sessions = `SELECT session_id, project_id, title, last_message_preview, message_count, created_at::text AS created_at,
  updated_at::text AS updated_at, deleted_at::text AS deleted_at, purge_after::text AS purge_after FROM sessions ORDER BY session_id`;
const turns = 'SELECT session_id, role, content, records_used, sip_text FROM session_messages ORDER BY session_id, seq';

describe('sessions projection (given events, when events, then rows)', () => {
  it('titles a session by its first user turn and previews its newest turn', async () => {
    await spec.given(round('s1', 'r1', 1, 'How do   I\nrotate keys?', 'Use the CLI.')).when(round('s1', 'r2', 2, 'And revoke?', '')).then(sessions, [
      {
        session_id: 's1', project_id: 'p1', title: 'How do I rotate keys?', last_message_preview: 'And revoke?', message_count: 3,
        created_at: shown(1), updated_at: shown(2), deleted_at: null, purge_after: null,
      },
    ]);
  });

  it('writes a round as a user turn then an assistant turn, and an empty reply as no turn', async () => {
    await spec.given(round('s1', 'r1', 1, 'first', 'reply')).when(round('s1', 'r2', 2, 'second', '')).then(turns, [
      { session_id: 's1', role: 'user', content: 'first', records_used: 0, sip_text: '' },
      { session_id: 's1', role: 'assistant', content: 'reply', records_used: 0, sip_text: '' },
      { session_id: 's1', role: 'user', content: 'second', records_used: 0, sip_text: '' },
    ]);
  });

  it('puts a SIP on the reply of the next round of its session only, even one built before the session\'s first round', async () => {
    await spec.given(sipBuilt('b1', 's1', 1, 'the SIP')).when(round('s1', 'r1', 2, 'q1', 'a1'), round('s1', 'r2', 3, 'q2', 'a2')).then(turns, [
      { session_id: 's1', role: 'user', content: 'q1', records_used: 0, sip_text: '' },
      { session_id: 's1', role: 'assistant', content: 'a1', records_used: 2, sip_text: 'the SIP' },
      { session_id: 's1', role: 'user', content: 'q2', records_used: 0, sip_text: '' },
      { session_id: 's1', role: 'assistant', content: 'a2', records_used: 0, sip_text: '' },
    ]);
  });

  it('creates the session on a generated statement without adding a turn', async () => {
    await spec.given().when(statement('s1', 'g1', 4, 'generated')).then(sessions, [
      {
        session_id: 's1', project_id: 'p1', title: '', last_message_preview: '', message_count: 0, created_at: shown(4), updated_at: shown(4),
        deleted_at: null, purge_after: null,
      },
    ]);
  });

  it('keeps a generated statement out of the transcript beside the rounds of its session', async () => {
    await spec.given(statement('s1', 'g1', 1, 'Probably Tuesday.')).when(round('s1', 'r1', 2, 'hello', 'hi')).then(turns, [
      { session_id: 's1', role: 'user', content: 'hello', records_used: 0, sip_text: '' },
      { session_id: 's1', role: 'assistant', content: 'hi', records_used: 0, sip_text: '' },
    ]);
  });

  it('marks a soft-deleted session with its purge time, and a restore clears both', async () => {
    const row = { session_id: 's1', project_id: 'p1', title: 'q', last_message_preview: 'a', message_count: 2, created_at: shown(1), updated_at: shown(1) };
    await spec.given(round('s1', 'r1', 1, 'q', 'a')).when(softDeleted('s1', 5)).then(sessions, [{ ...row, deleted_at: shown(5), purge_after: shown(35) }]);
    await spec.given(round('s1', 'r1', 1, 'q', 'a'), softDeleted('s1', 5)).when(restored('s1', 6)).then(sessions, [{ ...row, deleted_at: null, purge_after: null }]);
  });

  it('drops a purged session with its turns, and blanks the SIP text other sessions quote from it', async () => {
    const given = spec.given(round('s1', 'r1', 1, 'secret', 'noted'), sipBuilt('b1', 's2', 2, 'quotes s1', ['s1']), round('s2', 'r2', 3, 'q', 'a'));
    await given.when(purged('s1', 4)).then(turns, [
      { session_id: 's2', role: 'user', content: 'q', records_used: 0, sip_text: '' },
      { session_id: 's2', role: 'assistant', content: 'a', records_used: 2, sip_text: '' },
    ]);
    await given.when(purged('s1', 4)).then('SELECT session_id FROM sessions', [{ session_id: 's2' }]);
  });
});
