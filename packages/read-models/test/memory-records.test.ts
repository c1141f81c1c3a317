import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMENSIONS, provenanceCounts, retrieveCandidates, toVectorLiteral, turnsOf } from '@memctx/read-models';
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

  it("reads each candidate's similarity to the query, the closer side's, whether or not the vector search found it", async () => {
    const { h, service } = side;
    const scope = { userId: 'hal', projectId: null, includeGlobal: false };
    await service.ingestRound('hal', { session_id: 'h-1', user_message: 'the heron came back to the pond', assistant_message: 'Lovely.' });
    await service.ingestRound('hal', { session_id: 'h-1', user_message: 'the heron again today', assistant_message: 'Twice now.' });
    await h.catchUp();
    const vector = (x: number, y: number) => toVectorLiteral(Float32Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === 0 ? x : d === 1 ? y : 0)));
    await h.db.query("UPDATE memory_records SET embedding = $1::vector, reply_embedding = $2::vector WHERE user_id = 'hal' AND user_text LIKE '%pond%'", [vector(1, 0), vector(0, 1)]);
    const query = Float32Array.from({ length: EMBEDDING_DIMENSIONS }, (_, d) => (d === 0 ? 0.6 : d === 1 ? 0.8 : 0));
    const read = async (queryEmbedding: Float32Array | null) =>
      new Map((await retrieveCandidates(h.db, scope, { queryText: 'heron', queryEmbedding, vectorDepth: 0 })).map((c) => [c.user_text, c.query_similarity]));
    const withQuery = await read(query);
    expect(withQuery.get('the heron came back to the pond')).toBeCloseTo(0.8, 5);
    expect(withQuery.get('the heron again today')).toBeNull();
    expect((await read(null)).get('the heron came back to the pond')).toBeNull();
  });
});
