export type JsonObject = Record<string, unknown>;

export interface EventToAppend {
  /** A uuid. Appending an id the stream already holds stores nothing again (idempotent retries). */
  event_id: string;
  type: string;
  data: JsonObject;
  metadata?: JsonObject | undefined;
  /** Defaults to 1. */
  schema_version?: number | undefined;
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
 * A position in the all-events feed. Transaction id comes first, so an event
 * whose transaction took a position early but committed late is never skipped
 * (docs/decisions.md, "The feed's horizon counts appends only").
 */
export interface Checkpoint {
  transaction_id: number;
  global_position: number;
}

export const START: Checkpoint = Object.freeze({ transaction_id: 0, global_position: 0 });

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  return a.transaction_id - b.transaction_id || a.global_position - b.global_position;
}

export function checkpointOf(event: Checkpoint): Checkpoint {
  return { transaction_id: event.transaction_id, global_position: event.global_position };
}

/** A number is the exact current version: the count of events in the stream, 0 for no stream. */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  /** Defaults to 'any'. */
  expectedVersion?: ExpectedVersion | undefined;
}

export interface AppendResult {
  /** The stream version after the append: the expected version for the next one. */
  next_expected_version: number;
  /** Of the batch's last event (for a retry: as first stored); 0 when the batch was empty. */
  last_global_position: number;
  /** Absent only when the batch was empty. */
  last_transaction_id?: number;
  /** The same pair as a checkpoint (START for an empty batch): what read-your-writes waits for. */
  position: Checkpoint;
}

export interface AppendManyItem {
  streamId: string;
  events: EventToAppend[];
  expectedVersion?: ExpectedVersion | undefined;
}

/** Per item, so one stream's conflict does not fail the others appended with it. */
export type AppendManyOutcome = { ok: true; result: AppendResult } | { ok: false; error: Error };

export interface ReadStreamOptions {
  /** The first stream position to return; defaults to 1. */
  from?: number;
  /** Only the newest this many events (of those from `from`): a stream's end, with its version, in one read. */
  last?: number;
  maxCount?: number;
}

export interface ReadStreamResult {
  /** 0 when the stream does not exist. */
  version: number;
  events: RecordedEvent[];
}

export interface ReadAllOptions {
  after: Checkpoint;
  maxCount: number;
}

export interface EventStore {
  append(streamId: string, events: EventToAppend[], options?: AppendOptions): Promise<AppendResult>;
  /** Several streams in one transaction; each item commits or fails on its own, in order. */
  appendMany(items: readonly AppendManyItem[]): Promise<AppendManyOutcome[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult>;
  /** Events after a checkpoint in commit-safe order: once read past, nothing can appear behind a checkpoint. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The checkpoint of the newest event readAll can return (START when none). */
  head(): Promise<Checkpoint>;
  /** How many events readAll can return after a checkpoint (projection lag). */
  countAfter(after: Checkpoint): Promise<number>;
  /** A wake-up hint after appends; never a source of order. Resolves to an unsubscribe function. */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
}
