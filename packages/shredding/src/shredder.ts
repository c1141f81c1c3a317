import type { AppendManyItem, EventToAppend, JsonObject, RecordedEvent } from '@memctx/event-store';
import { createSealer, type Sealer } from '@memctx/shared';
import { isSealed, openValue, sealValue } from './envelope.js';
import { sessionKey, type DataKey, type KeyStore } from './key-store.js';
import { domainPolicy, type SessionRef, type ShreddingPolicy } from './policy.js';

/** Metadata naming the fields of an event that read as placeholders because their key was destroyed. */
export const SHREDDED_METADATA = 'shredded';

export interface Shredder {
  /** Destroys the keys a batch's purges name, then seals the personal fields of the rest. */
  seal(items: readonly AppendManyItem[]): Promise<AppendManyItem[]>;
  /** Opens sealed fields; a field whose key was destroyed reads as the policy's placeholder. */
  open(events: RecordedEvent[]): Promise<RecordedEvent[]>;
}

interface CachedKey {
  sealer: Sealer;
  session: SessionRef;
}

/** A bounded map whose entries expire: the oldest entry makes room for a new one. */
function ttlCache<V>(ttlMs: number, capacity: number, now: () => number) {
  const entries = new Map<string, { value: V; at: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (entry && now() - entry.at < ttlMs) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V): V {
      if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, at: now() });
      return value;
    },
    deleteWhere(test: (value: V) => boolean): void {
      for (const [key, entry] of entries) if (test(entry.value)) entries.delete(key);
    },
  };
}

export interface ShredderOptions {
  keys: KeyStore;
  policy?: ShreddingPolicy;
  /** How long a key is reused without asking the key store (default 60 s): how long another process's purge can go unseen. */
  cacheTtlMs?: number;
  cacheSize?: number;
  now?: () => number;
}

/**
 * The crypto-shredding logic, independent of where events come from (the store, a
 * Kafka topic). Keys are cached by key id (opening) and by session (sealing); a
 * purge seen in any batch, appended or read, evicts its session's keys before the
 * batch is handled, and the TTL bounds how long another process's purge can go
 * unseen. A write into a purged session follows a read of its stream, which holds
 * the purge, so it always gets a fresh key rather than the destroyed one.
 */
export function createShredder(options: ShredderOptions): Shredder {
  const policy = options.policy ?? domainPolicy;
  const ttl = options.cacheTtlMs ?? 60_000;
  const capacity = options.cacheSize ?? 10_000;
  const now = options.now ?? Date.now;
  const byId = ttlCache<CachedKey>(ttl, capacity, now);
  const bySession = ttlCache<DataKey>(ttl, capacity, now);

  const remember = (key: DataKey) => byId.get(key.keyId) ?? byId.set(key.keyId, { sealer: createSealer(key.key), session: key.session });
  const evict = (session: SessionRef) => {
    const target = sessionKey(session);
    byId.deleteWhere((entry) => sessionKey(entry.session) === target);
    bySession.deleteWhere((key) => sessionKey(key.session) === target);
  };
  const evictPurged = (events: readonly { type: string; data: JsonObject }[]) => {
    for (const event of events) {
      const purged = policy.destroys(event);
      if (purged) evict(purged);
    }
  };

  const sealEvent = (event: EventToAppend, keys: Map<string, DataKey>): EventToAppend => {
    const spec = policy.sealedFieldsOf(event);
    if (!spec) return event;
    const layers = spec.sessions.map((session) => {
      const key = keys.get(sessionKey(session))!;
      return { keyId: key.keyId, sealer: remember(key).sealer };
    });
    const data = { ...event.data };
    for (const field of Object.keys(spec.fields)) {
      if (data[field] === undefined || isSealed(data[field])) continue;
      data[field] = sealValue(data[field], { eventId: event.event_id, field }, layers);
    }
    return { ...event, data };
  };

  const openEvent = (event: RecordedEvent, keys: Map<string, CachedKey>): RecordedEvent => {
    const spec = policy.sealedFieldsOf(event);
    if (!spec) return event;
    let data: JsonObject | undefined;
    const shredded: string[] = [];
    for (const [field, placeholder] of Object.entries(spec.fields)) {
      const value = event.data[field];
      // Plaintext: written before shredding existed.
      if (!isSealed(value)) continue;
      data ??= { ...event.data };
      const layers = value.keys.map((id) => keys.get(id)?.sealer);
      if (layers.every((sealer) => sealer !== undefined)) {
        data[field] = openValue(value, { eventId: event.event_id, field }, layers);
      } else {
        data[field] = placeholder;
        shredded.push(field);
      }
    }
    if (!data) return event;
    return shredded.length === 0 ? { ...event, data } : { ...event, data, metadata: { ...event.metadata, [SHREDDED_METADATA]: shredded } };
  };

  const sealedKeyIds = (events: readonly RecordedEvent[]) => {
    const ids = new Set<string>();
    for (const event of events) {
      const spec = policy.sealedFieldsOf(event);
      if (!spec) continue;
      for (const field of Object.keys(spec.fields)) {
        const value = event.data[field];
        if (isSealed(value)) for (const id of value.keys) ids.add(id);
      }
    }
    return ids;
  };

  return {
    async seal(items) {
      const all = items.flatMap((item) => item.events);
      const sessions = all.flatMap((event) => policy.sealedFieldsOf(event)?.sessions ?? []);
      let sealed = [...items];
      if (sessions.length > 0) {
        const keys = new Map<string, DataKey>();
        const missing = sessions.filter((session) => {
          const cached = bySession.get(sessionKey(session));
          if (cached) keys.set(sessionKey(session), cached);
          return !cached;
        });
        if (missing.length > 0) for (const [id, key] of await options.keys.keysFor(missing)) keys.set(id, bySession.set(id, key));
        sealed = items.map((item) => ({ ...item, events: item.events.map((event) => sealEvent(event, keys)) }));
      }
      // After sealing, so whatever this batch holds of a purged session is under the destroyed key too; before the
      // purge is stored, so a crash in between leaves the key gone and the purge to be retried.
      for (const event of all) {
        const purged = policy.destroys(event);
        if (purged) await options.keys.destroy(purged);
      }
      evictPurged(all);
      return sealed;
    },
    async open(events) {
      evictPurged(events);
      const ids = sealedKeyIds(events);
      if (ids.size === 0) return events;
      const keys = new Map<string, CachedKey>();
      const missing: string[] = [];
      for (const id of ids) {
        const cached = byId.get(id);
        if (cached) keys.set(id, cached);
        else missing.push(id);
      }
      if (missing.length > 0) for (const [id, key] of await options.keys.find(missing)) keys.set(id, remember(key));
      return events.map((event) => openEvent(event, keys));
    },
  };
}
