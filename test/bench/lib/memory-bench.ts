/**
 * What the memory benchmarks (`bench:locomo`, `bench:memory`) share: the service under test on a
 * target, an API key from the admin API, the embedding backlog, the SIP response, the answer-word
 * check, per-question JSON lines and the rates they print.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTokens } from '@memctx/tokens';
import { client, type Call } from '../locomo/client.js';
import { createBenchDatabase, type BenchDatabase } from './database.js';
import { startService, type Service } from './processes.js';
import { fmt } from './stats.js';

export const ADMIN = 'bench-admin-token-0123456789';
const serverUrl = process.env.MEMCTX_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A comma-separated list from the environment, or the default. */
export const envList = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').map((t) => t.trim()).filter(Boolean);

export interface SipResponse {
  sip: string;
  grounded: boolean;
  abstain: boolean;
  records_used: number;
  citations: { record_id: string; source_id?: string | null; source_title?: string | null }[];
  sip_sections: Record<string, unknown>;
}

export interface BenchTarget {
  url: string;
  /** The service process (every role in it). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The compiled service on `embedded` (PGlite in a fresh data directory) or `postgres` (a database
 * of its own), with the bench admin token and no quota in the way; `env` adds settings.
 */
export async function startTarget(target: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<BenchTarget> {
  let database: BenchDatabase | undefined;
  let dataDir: string | undefined;
  const settings: Record<string, string> = { MEMCTX_ADMIN_TOKEN: ADMIN, MEMCTX_DAILY_INGEST_QUOTA: '1000000000', ...env };
  if (target === 'postgres') {
    database = await createBenchDatabase(serverUrl);
    settings.MEMCTX_DATABASE_URL = database.url;
  } else if (target === 'embedded') {
    dataDir = mkdtempSync(join(tmpdir(), 'memctx-bench-'));
    settings.MEMCTX_DATA_DIR = dataDir;
    settings.MEMCTX_DATABASE_URL = '';
  } else throw new Error(`unknown target ${target} (embedded or postgres)`);
  let service: Service | undefined;
  const stop = async () => {
    await service?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // startService gives the API 30 s, less than a first embedded start takes on a loaded machine, and leaves the
  // process running when it gives up. Handed no PORT it only starts the process (which inherits PORT from here),
  // and the wait is this one's: longer, and the process is stopped when it fails.
  const port = env.PORT ?? String(18_900 + (process.pid % 500));
  process.env.PORT = port;
  const url = `http://127.0.0.1:${port}`;
  try {
    service = await startService(settings, nodeArgs);
    await answering(url, service, START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: service!.child.pid!, stop };
}

const START_TIMEOUT_MS = Number(process.env.MEMCTX_BENCH_START_TIMEOUT_MS ?? 300_000);

async function answering(url: string, service: Service, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    if (service.child.exitCode !== null) throw new Error(`service exited with ${service.child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).status < 600) return;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`service did not answer within ${timeoutMs / 1000} s`);
}

/** A JSON client with a fresh API key for `userId`, made through the admin API. */
export async function userClient(url: string, userId: string): Promise<Call> {
  const created = await fetch(`${url}/admin/v1/api-keys`, {
    method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ user_id: userId }),
  });
  if (!created.ok) throw new Error(`creating an API key answered ${created.status}: ${await created.text()}`);
  return client(url, ((await created.json()) as { api_key: string }).api_key);
}

/** The health check's lags: projection (events) and embeddings (records waiting for a vector). */
async function lags(url: string): Promise<{ projections: number; embeddings: number }> {
  const health = (await (await fetch(`${url}/api/v1/health`)).json()) as { checks: Record<string, { lag?: number }> };
  return { projections: health.checks.projections?.lag ?? 0, embeddings: health.checks.embeddings?.lag ?? 0 };
}

export const embeddingBacklog = async (url: string): Promise<number> => (await lags(url)).embeddings;

/** Waits until every posted round is projected and embedded; answers the seconds waited. */
export async function waitForEmbeddings(url: string): Promise<number> {
  const t = performance.now();
  // A round the projector has not read yet is no record waiting for an embedding: both lags must be 0.
  for (let lag = await lags(url); lag.projections > 0 || lag.embeddings > 0; lag = await lags(url)) await new Promise((r) => setTimeout(r, 500));
  return (performance.now() - t) / 1000;
}

/** One SIP build, timed. */
export async function buildSip(call: Call, body: Record<string, unknown>): Promise<{ sip: SipResponse; ms: number; tokens: number }> {
  const t = performance.now();
  const sip = await call<SipResponse>('POST', '/api/v1/sip/build', body);
  return { sip, ms: performance.now() - t, tokens: countTokens(sip.sip) };
}

// Function words a gold answer may hold without their being part of what it says.
const STOP_WORDS = new Set(
  ('a an the and or but nor of in on at to for with by from as into onto over under about after before than then ' +
    'is are was were be been being am do does did has have had will would can could should shall may might must ' +
    'i me my mine you your yours he him his she her hers it its we us our they them their this that these those ' +
    'there here what which who whom whose when where why how not no yes so too very just also only some any all ' +
    'one s t d ll re ve m up out off if').split(' '),
);

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The gold answer's content words: lower-cased, function words and lone letters dropped. */
export function contentWords(answer: string | number | undefined): string[] {
  return [...new Set(wordsOf(String(answer ?? '')))].filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
}

/** Every content word of the answer stands as a word in the text (false for an answer without any). */
export function answerWordsIn(text: string, answer: string | number | undefined): boolean {
  const words = contentWords(answer);
  if (words.length === 0) return false;
  const present = new Set(wordsOf(text));
  return words.every((w) => present.has(w));
}

/** Each SIP line marked `(superseded by [m])`: its number and m. */
export function supersededMarks(sip: string): { line: number; by: number }[] {
  return [...sip.matchAll(/^\[(\d+)\] \(superseded by \[(\d+)\]\)/gmu)].map((m) => ({ line: Number(m[1]), by: Number(m[2]) }));
}

/** Appends one JSON line per question to MEMCTX_BENCH_DUMP, for calibrating grounded/abstain offline. */
export function dumpQuestion(record: Record<string, unknown>): void {
  const file = process.env.MEMCTX_BENCH_DUMP;
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export const pct = (n: number, d: number) => `${fmt(d === 0 ? 0 : (100 * n) / d).padStart(5)} %`;

/** "share (n/d)" of the items that pass, or "-" when none count. */
export function share<T>(items: T[], pick: (item: T) => boolean): string {
  if (items.length === 0) return '-';
  const n = items.filter(pick).length;
  return `${pct(n, items.length)} (${n}/${items.length})`;
}

/** Prints rows as columns, each as wide as its widest cell, the first left-aligned and the rest right-aligned. */
export function printTable(rows: string[][], indent = '    '): void {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length)));
  for (const row of rows) {
    console.log(indent + row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  }
}
