import { createPgliteDb, createPostgresDb, type Db } from '@memctx/db';
import { START } from '@memctx/event-store';
import { createCheckpointStore, migrateCheckpoints } from '@memctx/processors';
import { databaseBackends } from '@memctx/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const at = (position: number) => ({ transaction_id: position, global_position: position });

/** Tables as the relay and the dispatcher created them before processor_checkpoints. */
async function oldTables(db: Db): Promise<void> {
  await db.exec(`
    CREATE TABLE relay_checkpoints (name text PRIMARY KEY, transaction_id bigint NOT NULL DEFAULT 0, global_position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE dispatcher_checkpoints (name text PRIMARY KEY, transaction_id bigint NOT NULL, global_position bigint NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO relay_checkpoints (name, transaction_id, global_position) VALUES ('memctx.events', 7, 70);
    INSERT INTO dispatcher_checkpoints (name, transaction_id, global_position) VALUES ('documents', 5, 50);`);
}

const backends = databaseBackends<Db>('checkpoints', { pglite: createPgliteDb, postgres: (url) => createPostgresDb({ connectionString: url }) });

describe.each(backends)('checkpoint store on %s', (_name, open) => {
  let opened: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    opened = await open();
    await oldTables(opened.db);
    await migrateCheckpoints(opened.db);
  });
  afterAll(() => opened?.close());

  it('carries on from the relay and dispatcher tables it replaced, and drops them', async () => {
    const store = createCheckpointStore(opened.db);
    expect(await store.load('relay:memctx.events')).toEqual({ transaction_id: 7, global_position: 70 });
    expect(await store.load('dispatcher:documents')).toEqual({ transaction_id: 5, global_position: 50 });
    const { rows } = await opened.db.query("SELECT to_regclass('relay_checkpoints') AS relay, to_regclass('dispatcher_checkpoints') AS dispatcher");
    expect(rows[0]).toEqual({ relay: null, dispatcher: null });
  });

  it('moves a checkpoint only from where the saver read it', async () => {
    const store = createCheckpointStore(opened.db);
    expect(await store.load('p')).toEqual(START);
    expect(await store.save('p', at(1), START)).toBe(true);
    // A second instance that read START too lost the race.
    expect(await store.save('p', at(2), START)).toBe(false);
    expect(await store.save('p', at(3), at(2))).toBe(false);
    expect(await store.save('p', at(3), at(1))).toBe(true);
    expect(await store.load('p')).toEqual(at(3));
    expect(await store.load('p', 'u1')).toEqual(START);
  });

  it('keeps partitions apart, and a save inside a transaction rolls back with it', async () => {
    const store = createCheckpointStore(opened.db);
    await store.savePartitions('q', new Map([['u1', at(4)], ['u2', at(6)]]));
    await store.savePartitions('q', new Map([['u2', at(8)]]));
    expect(await store.loadPartitions('q', ['u1', 'u2', 'u3'])).toEqual(new Map([['u1', at(4)], ['u2', at(8)]]));
    await expect(opened.db.transaction(async (tx) => {
      await store.within(tx).save('q', at(9), START);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await store.load('q')).toEqual(START);
  });

  it('removes every partition of one processor and no other', async () => {
    const store = createCheckpointStore(opened.db);
    await store.save('gone', at(2), START);
    await store.savePartitions('gone', new Map([['u1', at(3)]]));
    await store.save('kept', at(5), START);
    await store.remove('gone');
    expect(await store.load('gone')).toEqual(START);
    expect(await store.loadPartitions('gone', ['u1'])).toEqual(new Map());
    expect(await store.load('kept')).toEqual(at(5));
  });
});
