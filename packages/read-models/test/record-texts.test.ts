import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeGeneration } from '@memctx/projections';
import { browseRecords, exportUser, fillEmbeddings, retrieveCandidates, TEXTS_ONCE_SINCE } from '@memctx/read-models';
import { exchange } from '../src/memory-records/texts.js';
import { backends, recordingEmbedder, withWriteSide, type Harness } from './harness.js';

const text = fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000'));

describe.each(backends)("a record's content derived on %s", (_name, open) => {
  let h: Harness;
  beforeAll(async () => { h = await open(); });
  afterAll(() => h.close());

  // Search indexes the SQL form and the totals count tokens of the Node form: they must be the same text.
  it('is, for any two sides, the exchange the projection counts tokens of', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (user, assistant) => {
        const { rows: [row] } = await h.db.query<{ content: string }>('SELECT public.memory_record_content(NULL, $1, $2) AS content', [user, assistant]);
        expect(row!.content).toBe(exchange(user, assistant));
      }),
      { numRuns: 200 },
    );
  });

  it('is the stored content when there is one (a document chunk)', async () => {
    const { rows: [row] } = await h.db.query<{ content: string }>("SELECT public.memory_record_content('chunk text', NULL, NULL) AS content");
    expect(row!.content).toBe('chunk text');
  });
});

describe.each(backends)('reads of a generation stored before texts were kept once, on %s', (_name, open) => {
  const side = withWriteSide(open);

  // An upgraded service reads its old generation until the projector's rebuild switches over: through the columns
  // that generation has, never through ones it lacks (a 500 on every read and a stalled filler until then).
  it('reads its stored content and embedded texts, not the ones derived from the sides', async () => {
    const { h, service } = side;
    await service.ingestRound('vic', { session_id: 'v-1', user_message: 'where do I park', assistant_message: 'Level 2.' });
    await h.catchUp();
    const generation = await activeGeneration(h.db, 'memory_records');
    const table = `${generation!.schemaName}.memory_records`;
    // The columns a version-8 generation stored, marked so that a value read from them is told apart from a derived one.
    await h.db.exec(`ALTER TABLE ${table} ADD COLUMN embed_text text, ADD COLUMN reply_text text;
      UPDATE ${table} SET content = 'stored content', embed_text = 'stored question', reply_text = 'stored reply';
      CREATE OR REPLACE VIEW public.memory_records AS SELECT * FROM ${table};
      UPDATE projection_generations SET version = ${TEXTS_ONCE_SINCE - 1} WHERE name = 'memory_records' AND status = 'active'`);

    const { embedder, asked } = recordingEmbedder(0);
    expect(await fillEmbeddings(h.db, embedder)).toBe(1);
    expect(asked).toEqual(['stored question', 'stored reply']);
    const scope = { userId: 'vic', projectId: null, includeGlobal: false };
    expect((await retrieveCandidates(h.db, scope, { queryText: null, queryEmbedding: null })).map((c) => c.content)).toEqual(['stored content']);
    expect((await browseRecords(h.db, 'vic', {}, { limit: 10 })).items.map((r) => r.content)).toEqual(['stored content']);
    const exported: Record<string, unknown>[] = [];
    for await (const line of exportUser(h.db, 'vic')) if (line.type === 'record') exported.push(line);
    expect(exported.map((r) => [r.content, r.embed_text])).toEqual([['stored content', 'stored question']]);
  });
});
