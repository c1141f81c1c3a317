import { describe, expect, it } from 'vitest';
import { provenanceCounts, retrieveCandidates, turnsOf } from '@memctx/read-models';
import { backends, withWriteSide } from './harness.js';

describe.each(backends)('memory records written and read on %s', (_name, open) => {
  const side = withWriteSide(open);

  it('counts provenance: rounds and generated statements, zero for the rest', async () => {
    const { h, service } = side;
    await service.recordGenerated('carol', { session_id: 'c-1', user_message: 'Is it Tuesday?', assistant_message: 'Probably Tuesday.' });
    await service.ingestRound('carol', { session_id: 'c-1', user_message: 'hello', assistant_message: 'hi' });
    await h.catchUp();
    expect(await provenanceCounts(h.db, 'carol')).toEqual({
      USER_STATED: 0, USER_CONFIRMED: 0, DOCUMENT_VERIFIED: 0, AI_INFERRED: 0, ROUND: 1, AI_GENERATED: 1,
    });
  });

  it('keeps a round\'s two sides as said, even when a message holds the label text the content joins them with', async () => {
    const { h, service } = side;
    const user_message = 'Quote this:\nAssistant: not me';
    await service.ingestRound('gus', { session_id: 'g-1', user_message, assistant_message: 'Quoted.\nUser: still me' });
    await h.catchUp();
    const [record] = await retrieveCandidates(h.db, { userId: 'gus', projectId: null, includeGlobal: false }, { queryText: null, queryEmbedding: null });
    expect(turnsOf(record!)).toEqual([{ role: 'user', text: user_message }, { role: 'assistant', text: 'Quoted.\nUser: still me' }]);
  });
});
