import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const VERSION = '15';

/**
 * A PostgreSQL cluster of the test's own (pg_createcluster on a port of its own), so the test may crash,
 * stop and restart it without touching the machine's server. Trust for 127.0.0.1 goes before any other
 * line of its pg_hba.conf; pgvector is installed server-wide, so `CREATE EXTENSION vector` works in it.
 */
export interface OwnCluster {
  url: string;
  port: number;
  /** `pg_ctlcluster restart -m immediate`: a crash, then recovery from the WAL. Resolves once it accepts connections. */
  crashRestart(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  drop(): void;
}

// Not the synchronous form: the test's clients keep posting from the same event loop meanwhile.
const ctl = async (...args: string[]) => {
  await promisify(execFile)('pg_ctlcluster', args);
};

async function runSql(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createOwnCluster(name: string, port: number): Promise<OwnCluster> {
  // Left over by a run that was killed: start from scratch.
  try {
    execFileSync('pg_dropcluster', ['--stop', VERSION, name], { stdio: 'ignore' });
  } catch {
    // None was left over.
  }
  execFileSync('pg_createcluster', [VERSION, name, '-p', String(port), '--', '--auth=trust'], { stdio: 'ignore' });
  const drop = () => execFileSync('pg_dropcluster', ['--stop', VERSION, name], { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/memctx`;
  try {
    const hba = `/etc/postgresql/${VERSION}/${name}/pg_hba.conf`;
    writeFileSync(hba, `host all all 127.0.0.1/32 trust\n${readFileSync(hba, 'utf8')}`);
    await ctl(VERSION, name, 'start');
    await runSql(`postgres://postgres@127.0.0.1:${port}/postgres`, 'CREATE DATABASE memctx');
    await runSql(url, 'CREATE EXTENSION IF NOT EXISTS vector');
  } catch (error) {
    drop();
    throw error;
  }
  return {
    url,
    port,
    crashRestart: () => ctl(VERSION, name, 'restart', '-m', 'immediate'),
    stop: (mode = 'fast') => ctl(VERSION, name, 'stop', '-m', mode),
    start: () => ctl(VERSION, name, 'start'),
    drop,
  };
}
