import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidEventError, projectDecider, projectEventTypes, projectStream, schemaVersions, sourceDecider, sourceEventTypes, sourceStream } from '@memctx/domain';
import { createInMemoryEventStore } from '@memctx/event-store';
import { createAppendBatcher, createCommandHandler } from '@memctx/commands';

const now = new Date('2026-11-24T10:00:00.000Z');

function handlerOverMemory() {
  const store = createInMemoryEventStore();
  return { store, handler: createCommandHandler(store, createAppendBatcher(store), projectDecider, projectEventTypes) };
}

describe('command handler and schema versions', () => {
  it('stamps each appended event with its type\'s current schema version', async () => {
    const { store, handler } = handlerOverMemory();
    const stream = projectStream('u1', 'p1');
    await handler.handle(stream, { type: 'CreateProject', user_id: 'u1', project_id: 'p1', name: 'Alpha', now });
    await handler.handle(stream, { type: 'RenameProject', user_id: 'u1', project_id: 'p1', name: 'Beta', now });
    const { events } = await store.readStream(stream);
    expect(events.map((event) => [event.type, event.schema_version])).toEqual([
      ['ProjectCreated', schemaVersions.ProjectCreated],
      ['ProjectRenamed', schemaVersions.ProjectRenamed],
    ]);
  });

  it('parses a stream it loads, refusing a version this code cannot read', async () => {
    const { store, handler } = handlerOverMemory();
    const stream = projectStream('u1', 'p2');
    await store.append(stream, [{
      event_id: randomUUID(), type: 'ProjectCreated', schema_version: schemaVersions.ProjectCreated + 1,
      data: { user_id: 'u1', project_id: 'p2', name: 'Alpha', created_at: now.toISOString() },
    }]);
    const rename = handler.handle(stream, { type: 'RenameProject', user_id: 'u1', project_id: 'p2', name: 'Beta', now });
    await expect(rename).rejects.toThrow(InvalidEventError);
    expect((await store.readStream(stream)).version).toBe(1);
  });

  it('given a project stream holding an event of another stream, when a command loads it, then it is refused, not folded', async () => {
    const { store, handler } = handlerOverMemory();
    const stream = projectStream('u1', 'p3');
    await store.append(stream, [{
      event_id: randomUUID(), type: 'SessionPurged', schema_version: schemaVersions.SessionPurged,
      data: { user_id: 'u1', session_id: 's1', purged_at: now.toISOString() },
    }]);
    const rename = handler.handle(stream, { type: 'RenameProject', user_id: 'u1', project_id: 'p3', name: 'Beta', now });
    await expect(rename).rejects.toThrow(expect.objectContaining({ reason: 'unexpected_type' }));
  });
});

describe('command handler and streams that start over', () => {
  const ids = { user_id: 'u1', source_id: 'src1' };
  const request = (request_id: string) => ({
    type: 'RequestDocumentIngest' as const, ...ids, request_id, now, project_id: null, session_id: 's1', connector_type: 'filesystem', external_id: 'a.md', domain: null,
  });
  const store = (request_id: string) => ({
    type: 'RecordDocumentIngested' as const, ...ids, request_id, now, title: 'a.md', mime_type: 'text/markdown', source_url: null,
    chunks: [{ chunk_id: `${request_id}-0`, index: 0, text: 'x'.repeat(1_000), token_count: 250 }], content_hash: request_id,
  });

  it('given a source stored in forty versions, when a handler with nothing cached loads it, then it reads from the newest request alone and decides as on the whole stream', async () => {
    const memory = createInMemoryEventStore();
    const writer = createCommandHandler(memory, createAppendBatcher(memory), sourceDecider, sourceEventTypes);
    const stream = sourceStream('u1', 'src1');
    for (let version = 1; version <= 40; version++) {
      await writer.handle(stream, request(`r${version}`));
      if (version < 40) await writer.handle(stream, store(`r${version}`));
    }
    let eventsRead = 0;
    const counting = { ...memory, readStream: async (...args: Parameters<typeof memory.readStream>) => {
      const read = await memory.readStream(...args);
      eventsRead += read.events.length;
      return read;
    } };
    const cold = createCommandHandler(counting, createAppendBatcher(counting), sourceDecider, sourceEventTypes);
    expect((await cold.handle(stream, store('r39'))).events).toEqual([]);
    expect(eventsRead).toBeLessThan(20);
    cold.forget(stream);
    expect((await cold.handle(stream, store('r40'))).events.map((event) => event.type)).toEqual(['DocumentIngested']);
    expect((await memory.readStream(stream)).version).toBe(80);
  });
});
