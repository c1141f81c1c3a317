import { describe, it } from 'vitest';
import { memoryRecordsProjection, recordTextsSql } from '@memctx/read-models';
import { projectionSpec } from './projection-spec.js';
import { documentIngested, purged, restored, round, shown, softDeleted, sourceRequested, statement } from './spec-events.js';

const spec = projectionSpec(memoryRecordsProjection);
// What reads see: the texts derived as the projection's version stores them (texts.ts).
const texts = recordTextsSql(memoryRecordsProjection.version, 'm');
const records = `SELECT record_id, session_id, project_id, source_id, source_title, provenance, record_type, sip_eligible,
  ${texts.content} AS content, ${texts.embedText} AS embed_text, ${texts.replyText} AS reply_text,
  user_text, assistant_text, created_at::text AS created_at, hidden FROM memory_records m ORDER BY global_position, record_id`;
const totals = 'SELECT project_key, records::int AS records FROM memory_token_totals ORDER BY project_key';

const roundRow = (record_id: string, session_id: string, user: string, reply: string, minute: number, hidden = false) => ({
  record_id, session_id, project_id: 'p1', source_id: null, source_title: null, provenance: 'ROUND', record_type: 'FACTUAL', sip_eligible: true,
  content: `User: ${user}\nAssistant: ${reply}`, embed_text: user, reply_text: reply, user_text: user, assistant_text: reply, created_at: shown(minute), hidden,
});
const chunkRow = (record_id: string, source_id: string, title: string, text: string, minute: number) => ({
  record_id, session_id: null, project_id: 'p1', source_id, source_title: title, provenance: 'DOCUMENT_VERIFIED', record_type: 'FACTUAL',
  sip_eligible: true, content: text, embed_text: text, reply_text: '', user_text: null, assistant_text: null, created_at: shown(minute), hidden: false,
});

describe('memory records projection (given events, when events, then rows)', () => {
  it('keeps a round as one SIP-eligible ROUND record and a generated statement as an ineligible AI_GENERATED one', async () => {
    await spec.given(round('s1', 'r1', 1, 'Which port?', 'Port 5432.')).when(statement('s1', 'g1', 2, 'It is probably 5432.')).then(records, [
      roundRow('r1', 's1', 'Which port?', 'Port 5432.', 1),
      {
        record_id: 'g1', session_id: 's1', project_id: 'p1', source_id: null, source_title: null, provenance: 'AI_GENERATED', record_type: 'FACTUAL',
        sip_eligible: false, content: 'User: q\nAssistant: It is probably 5432.', embed_text: 'It is probably 5432.', reply_text: '', user_text: 'q', assistant_text: 'It is probably 5432.',
        created_at: shown(2), hidden: false,
      },
    ]);
  });

  it('keeps a document as one record per chunk, and a new version replaces the chunks of the old one', async () => {
    await spec.given(sourceRequested('src1', 'q1', 1)).when(documentIngested('src1', 'q1', 2, 'Guide', ['one', 'two'])).then(records, [
      chunkRow('q1-c0', 'src1', 'Guide', 'one', 2),
      chunkRow('q1-c1', 'src1', 'Guide', 'two', 2),
    ]);
    await spec.given(sourceRequested('src1', 'q1', 1), documentIngested('src1', 'q1', 2, 'Guide', ['one', 'two']))
      .when(sourceRequested('src1', 'q2', 3), documentIngested('src1', 'q2', 4, 'Guide v2', ['three']))
      .then(records, [chunkRow('q2-c0', 'src1', 'Guide v2', 'three', 4)]);
  });

  it('hides the records of a soft-deleted session and stops counting them, and a restore brings both back', async () => {
    const given = [round('s1', 'r1', 1, 'one', 'a'), round('s2', 'r2', 2, 'two', 'b')] as const;
    await spec.given(...given).when(softDeleted('s1', 3)).then(records, [roundRow('r1', 's1', 'one', 'a', 1, true), roundRow('r2', 's2', 'two', 'b', 2)]);
    await spec.given(...given).when(softDeleted('s1', 3)).then(totals, [{ project_key: 'p1', records: 1 }]);
    await spec.given(...given, softDeleted('s1', 3)).when(restored('s1', 4)).then(records, [roundRow('r1', 's1', 'one', 'a', 1), roundRow('r2', 's2', 'two', 'b', 2)]);
    await spec.given(...given, softDeleted('s1', 3)).when(restored('s1', 4)).then(totals, [{ project_key: 'p1', records: 2 }]);
  });

  it('deletes the records of a purged session only', async () => {
    await spec.given(round('s1', 'r1', 1, 'one', 'a'), round('s2', 'r2', 2, 'two', 'b'), softDeleted('s1', 3)).when(purged('s1', 4))
      .then(records, [roundRow('r2', 's2', 'two', 'b', 2)]);
  });
});
