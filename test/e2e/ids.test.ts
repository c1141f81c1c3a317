import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './server.js';

/*
 * Every form of an id is one id: NFC, without leading or trailing white space or byte order mark. A session id
 * that began with U+FEFF failed every ingest with a 500 on PGlite (whose text decoder drops a leading BOM, so the
 * session's key came back under another id than it was made for; nothing was appended, a key row was).
 */
const ingest = (client: Client, sessionId: string, text = 'hello') =>
  client.call('POST', '/api/v1/memory/ingest', { session_id: sessionId, user_message: text, assistant_message: 'ok' });

const FORMS: Array<[canonical: string, forms: string[]]> = [
  ['x', ['\ufeffx', ' x ', 'x\n', '\ufeff x\t', 'x']],
  ['\u00e9t\u00e9', ['e\u0301te\u0301', '\u00e9t\u00e9 ', '\ufeffe\u0301t\u00e9']],
];

describe.each(['postgres', 'pglite'])('ids in any form, on %s', (backend) => {
  let server: TestServer;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = backend === 'pglite' ? mkdtempSync(join(tmpdir(), 'memctx-ids-')) : undefined;
    server = await startTestServer({ MEMCTX_EMBEDDINGS: 'off', ...(dataDir ? { MEMCTX_DATA_DIR: dataDir } : {}) });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a session id with a BOM, white space around it or in NFD as its one NFC form, in bodies and paths', async () => {
    const client = await server.newUser('ids');
    for (const [canonical, forms] of FORMS) {
      for (const form of forms) {
        const answer = await ingest(client, form, `as ${JSON.stringify(form)}`);
        expect(answer.status, `${JSON.stringify(form)}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
      for (const form of forms) {
        const transcript = await client.call('GET', `/api/v1/sessions/${encodeURIComponent(form)}/messages?limit=200`);
        expect(transcript.status).toBe(200);
        expect(transcript.body).toMatchObject({ session_id: canonical, total: forms.length * 2 });
      }
    }
    const { rows } = await server.running.runtime.db.query<{ session_id: string }>(
      "SELECT DISTINCT data->>'session_id' AS session_id FROM events WHERE type = 'RoundIngested' AND data->>'user_id' = $1 ORDER BY 1",
      [client.userId],
    );
    expect(rows.map((row) => row.session_id).sort()).toEqual(FORMS.map(([canonical]) => canonical).sort());
  });

  it('answers an id that is nothing but white space or byte order marks with a 422', async () => {
    const client = await server.newUser('ids');
    for (const empty of ['\ufeff', ' ', '\ufeff \n']) {
      const answer = await ingest(client, empty);
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0]).toMatchObject({ loc: ['body', 'session_id'] });
    }
  });

  it('any mix of letters, combining accents, white space and BOMs is one id or a 422, never a 500', async () => {
    const client = await server.newUser('ids');
    const piece = fc.constantFrom('a', 'e', '\u00e9', '\u0301', ' ', '\t', '\ufeff', '\u00a0', 'Z');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')), async (id) => {
        const canonical = id.normalize('NFC').trim();
        const answer = await ingest(client, id);
        if (canonical === '') return answer.status === 422;
        if (answer.status !== 200) return false;
        const transcript = await client.call('GET', `/api/v1/sessions/${encodeURIComponent(canonical)}/messages`);
        return transcript.status === 200 && transcript.body.session_id === canonical;
      }),
      { numRuns: 30 },
    );
  });
});
