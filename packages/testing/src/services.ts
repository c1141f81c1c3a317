import pg from 'pg';

/**
 * Integration tests talk to real services. Where a Docker engine exists,
 * testcontainers starts them; otherwise (CI on this machine kind) their URLs come
 * from the environment. A missing service is an error, never a skipped test.
 */
let postgresUrl: Promise<string> | undefined;
let redisUrl: Promise<string> | undefined;

async function fromContainer<T>(start: () => Promise<T>, what: string, envName: string): Promise<T> {
  try {
    return await start();
  } catch (error) {
    throw new Error(
      `${what} is required by this test: set ${envName} (CI does, via .ci/run) or provide a Docker engine for testcontainers. ` +
        `testcontainers said: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

export function testPostgresUrl(): Promise<string> {
  postgresUrl ??= (async () => {
    const fromEnv = process.env.MEMCTX_TEST_DATABASE_URL;
    if (fromEnv) return fromEnv;
    return fromContainer(
      async () => {
        const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
        const container = await new PostgreSqlContainer('pgvector/pgvector:pg16').start();
        return container.getConnectionUri();
      },
      'PostgreSQL with pgvector',
      'MEMCTX_TEST_DATABASE_URL',
    );
  })();
  return postgresUrl;
}

export function testRedisUrl(): Promise<string> {
  redisUrl ??= (async () => {
    const fromEnv = process.env.REDIS_URL;
    if (fromEnv) return fromEnv;
    return fromContainer(
      async () => {
        const { GenericContainer } = await import('testcontainers');
        const container = await new GenericContainer('redis:7').withExposedPorts(6379).start();
        return `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
      },
      'Redis',
      'REDIS_URL',
    );
  })();
  return redisUrl;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database per test file, so suites running in parallel never see each other's rows. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const baseUrl = await testPostgresUrl();
  const name = `memctx_${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const scoped = new pg.Client({ connectionString: url.toString() });
  await scoped.connect();
  try {
    await scoped.query('CREATE EXTENSION IF NOT EXISTS vector');
  } finally {
    await scoped.end();
  }
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
