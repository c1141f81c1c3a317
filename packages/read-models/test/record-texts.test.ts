import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exchange } from '../src/memory-records/texts.js';
import { backends, type Harness } from './harness.js';

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
