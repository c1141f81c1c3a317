import { createPostgresDb, type Db, type DbConnection } from '@memctx/db';
import { randomUUID } from 'node:crypto';
import { appendInTransaction, createPostgresEventStore, migrateEventStore, type Checkpoint } from '@memctx/event-store';
import { createTestDatabase } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreContract, type OpenTransaction } from '@memctx/event-store/contract';

const database = await createTestDatabase('event_store');
const db = createPostgresDb({ connectionString: database.url, maxConnections: 16 });
/** Transactions a failed test left open: closing the pool would wait for them forever. */
const open = new Set<DbConnection>();

/**
 * A transaction held open on its own connection, with its lock on events and then its transaction id taken
 * first, as the store's memctx_append does.
 */
async function begin(db: Db): Promise<OpenTransaction> {
  const connection = await db.connect();
  open.add(connection);
  await connection.query('BEGIN');
  await connection.query('LOCK TABLE events IN ROW EXCLUSIVE MODE');
  await connection.query('SELECT pg_current_xact_id()');
  const end = async (sql: string) => {
    open.delete(connection);
    try {
      await connection.query(sql);
    } finally {
      connection.release();
    }
  };
  return {
    append: (streamId, events) => appendInTransaction(connection, [{ streamId, events }]),
    commit: () => end('COMMIT'),
    rollback: () => end('ROLLBACK'),
  };
}

eventStoreContract('PostgreSQL', {
  supportsConcurrentTransactions: db.supportsConcurrentTransactions,
  async open() {
    await migrateEventStore(db);
    return {
      store: createPostgresEventStore(db),
      begin: () => begin(db),
      async close() {
        for (const connection of open) {
          await connection.query('ROLLBACK').catch(() => undefined);
          connection.release();
        }
        await db.close();
        await database.drop();
      },
    };
  },
});

describe('PostgreSQL feed horizon', () => {
  let databases: Awaited<ReturnType<typeof createTestDatabase>>[];
  let feedDb: Db;
  let otherDb: Db;
  let store: ReturnType<typeof createPostgresEventStore>;

  beforeAll(async () => {
    databases = [await createTestDatabase('event_store_horizon'), await createTestDatabase('event_store_other')];
    feedDb = createPostgresDb({ connectionString: databases[0]!.url, maxConnections: 4 });
    otherDb = createPostgresDb({ connectionString: databases[1]!.url, maxConnections: 2 });
    await migrateEventStore(feedDb);
    store = createPostgresEventStore(feedDb);
  });
  afterAll(async () => {
    for (const connection of open) await connection.query('ROLLBACK').catch(() => undefined);
    await Promise.all([feedDb.close(), otherDb.close()]);
    for (const d of databases) await d.drop();
  });

  /** A transaction that has a transaction id and has written something other than events, held open. */
  async function holdOtherWrite(on: Db): Promise<() => Promise<void>> {
    const connection = await on.connect();
    await connection.query('BEGIN');
    await connection.query('CREATE TEMP TABLE scratch (n int); INSERT INTO scratch VALUES (1)');
    return async () => {
      await connection.query('ROLLBACK');
      connection.release();
    };
  }

  const appendOne = (type: string) => store.append(`horizon-${randomUUID()}`, [{ event_id: randomUUID(), type, data: {} }]);
  /** What the feed delivers after `from` right now, in one read. */
  const delivered = async (from: Checkpoint) => (await store.readAll({ after: from, maxCount: 100 })).map((e) => e.type);

  it.each([
    ['in this database', () => feedDb],
    ['in another database of the server', () => otherDb],
  ])('a long transaction that does not append, %s, holds nothing back', async (_, on) => {
    const from = await store.head();
    const release = await holdOtherWrite(on());
    try {
      await appendOne('Later');
      expect(await delivered(from)).toEqual(['Later']);
      expect(await store.countAfter(from)).toBe(1);
    } finally {
      await release();
    }
  });

  it('transactions of another database ending while the feed is read never hold back what has committed', async () => {
    // Short transactions with ids, ending all the time: some started before an append and end while a read runs.
    let running = true;
    const churn = Array.from({ length: 2 }, async () => {
      while (running) {
        await otherDb.transaction(async (tx) => {
          await tx.query('SELECT pg_current_xact_id()');
          await tx.query('SELECT pg_sleep(random() * 0.003)');
        });
      }
    });
    try {
      for (let n = 0; n < 150; n++) {
        const from = await store.head();
        await appendOne('Committed');
        expect(await delivered(from)).toEqual(['Committed']);
      }
    } finally {
      running = false;
      await Promise.all(churn);
    }
  });

  it('an append in flight still holds back what committed after it', async () => {
    const from = await store.head();
    const appending = await begin(feedDb);
    await appending.append(`horizon-${randomUUID()}`, [{ event_id: randomUUID(), type: 'Early', data: {} }]);
    await appendOne('Later');
    expect(await delivered(from)).toEqual([]);
    await appending.commit();
    expect(await delivered(from)).toEqual(['Early', 'Later']);
  });
});
