/**
 * The yardsticks bench:ingest runs memctx against, in a process of their own like memctx's API:
 *   REFERENCE_MODE=insert  a plain Express 5 endpoint: looks the API key up by SHA-256 in memctx's `api_keys`,
 *                          then one INSERT of the round per request (pg pool of 20), answers its id;
 *   REFERENCE_MODE=bare    Express 5 with JSON parsing only, no database: what Express itself costs.
 * Env: PORT, DATABASE_URL (insert mode).
 */
import { createHash, randomUUID } from 'node:crypto';
import express from 'express';
import pg from 'pg';

const mode = process.env.REFERENCE_MODE ?? 'insert';
const app = express();
app.disable('x-powered-by');
app.use(express.json());

if (mode === 'bare') {
  app.post('/api/v1/memory/ingest', (_req, res) => {
    res.json({ round_id: randomUUID(), status: 'stored' });
  });
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  await pool.query(`CREATE TABLE IF NOT EXISTS reference_rounds (
    round_id uuid PRIMARY KEY, user_id text NOT NULL, session_id text NOT NULL,
    user_message text NOT NULL, assistant_message text NOT NULL, response_time_ms int, created_at timestamptz NOT NULL DEFAULT now())`);
  app.post('/api/v1/memory/ingest', async (req, res) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    const hash = token ? createHash('sha256').update(token).digest('hex') : '';
    const key = await pool.query<{ user_id: string }>('SELECT user_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [hash]);
    const userId = key.rows[0]?.user_id;
    if (!userId) {
      res.status(401).json({ detail: 'Invalid or revoked API key' });
      return;
    }
    const body = req.body as { session_id: string; user_message: string; assistant_message: string; response_time_ms?: number };
    const roundId = randomUUID();
    await pool.query(
      'INSERT INTO reference_rounds (round_id, user_id, session_id, user_message, assistant_message, response_time_ms) VALUES ($1, $2, $3, $4, $5, $6)',
      [roundId, userId, body.session_id, body.user_message, body.assistant_message, body.response_time_ms ?? null],
    );
    res.json({ round_id: roundId, status: 'stored' });
  });
}

app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
