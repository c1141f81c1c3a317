export type JsonObject = Record<string, unknown>;

export interface EventToAppend {
  /** A uuid; appending the same id to the same stream again stores nothing (idempotent retries). */
  event_id: string;
  type: string;
  data: JsonObject;
  metadata?: JsonObject | undefined;
  schema_version?: number;
}

export interface RecordedEvent {
  global_position: number;
  transaction_id: number;
  stream_id: string;
  /** 1 for a stream's first event. */
  stream_position: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: JsonObject;
  metadata: JsonObject;
  created_at: Date;
}

/**
 * A position in the all-events feed. Ordered by transaction id first, so an
 * event committed late by a transaction that took its position early is never
 * skipped (see architecture.md, "The event store").
 */
export interface Checkpoint {
  transaction_id: number;
  global_position: number;
}

export const START: Checkpoint = Object.freeze({ transaction_id: 0, global_position: 0 });

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  return a.transaction_id - b.transaction_id || a.global_position - b.global_position;
}

export function checkpointOf(event: Pick<RecordedEvent, 'transaction_id' | 'global_position'>): Checkpoint {
  return { transaction_id: event.transaction_id, global_position: event.global_position };
}

/** 'no_stream' = version 0; a number is the exact current version (count of events in the stream). */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  expectedVersion?: ExpectedVersion;
}

export interface AppendResult {
  next_expected_version: number;
  /** The checkpoint of the last event written (or found, for an idempotent retry). */
  position: Checkpoint;
}

export interface AppendManyItem {
  streamId: string;
  events: EventToAppend[];
  expectedVersion?: ExpectedVersion;
}

export type AppendManyOutcome = { ok: true; result: AppendResult } | { ok: false; error: Error };

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`wrong expected version for stream ${streamId}: expected ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export interface ReadStreamResult {
  /** 0 when the stream does not exist. */
  version: number;
  events: RecordedEvent[];
}

export interface SubscribeOptions {
  after: Checkpoint;
  batchSize?: number;
  /** Upper bound between polls; a NOTIFY wakes the subscription earlier. */
  pollIntervalMs?: number;
  onBatch(events: RecordedEvent[]): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Rejects when onBatch throws (the subscription then stops); resolves after stop(). */
  readonly done: Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: EventToAppend[], options?: AppendOptions): Promise<AppendResult>;
  /** Several streams in one transaction; each item succeeds or fails on its own. */
  appendMany(items: AppendManyItem[]): Promise<AppendManyOutcome[]>;
  readStream(streamId: string, options?: { from?: number; maxCount?: number }): Promise<ReadStreamResult>;
  /** Events after a checkpoint, in commit-safe order. */
  readAll(options: { after: Checkpoint; maxCount: number }): Promise<RecordedEvent[]>;
  /** The checkpoint of the newest event a reader can see (START when empty). */
  head(): Promise<Checkpoint>;
  /** How many visible events lie after a checkpoint (projection lag). */
  countAfter(after: Checkpoint): Promise<number>;
  /** A wake-up hint on every append (NOTIFY); never a source of order. */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
  subscribe(options: SubscribeOptions): Subscription;
}
