import { ANY, NO_STREAM, START as READ_START, STREAM_EXISTS, type AppendStreamState, type CurrentStreamState, type Position, type ReadPosition } from '@kurrent/kurrentdb-client';
import { START, compareCheckpoints, type Checkpoint, type ExpectedVersion } from '@memctx/event-store';

/**
 * $all positions become checkpoints as transaction_id = commit, global_position
 * = prepare. $all is read in (commit, prepare) order, which is the order
 * compareCheckpoints uses, so "after this checkpoint" means the same thing to
 * the feed and to KurrentDB. Log positions are byte offsets, so they fit a
 * double exactly up to 8 PiB of log.
 */
export function toCheckpoint(position: Position): Checkpoint {
  return { transaction_id: Number(position.commit), global_position: Number(position.prepare) };
}

/** START is {0, 0}, which KurrentDB knows only as its START constant. */
export function toReadPosition(checkpoint: Checkpoint): ReadPosition {
  if (compareCheckpoints(checkpoint, START) <= 0) return READ_START;
  return { commit: BigInt(checkpoint.transaction_id), prepare: BigInt(checkpoint.global_position) };
}

export function laterOf(a: Checkpoint, b: Checkpoint): Checkpoint {
  return compareCheckpoints(a, b) >= 0 ? a : b;
}

/** Our stream positions count from 1, KurrentDB revisions from 0. */
export const streamPositionOf = (revision: bigint): number => Number(revision) + 1;
export const revisionOf = (streamPosition: number): bigint => BigInt(streamPosition - 1);

/**
 * Our numeric expected version is the stream's event count (0: no stream);
 * KurrentDB's is the revision of the last event, so n events expect revision n - 1.
 */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return revisionOf(expected);
}

/** A refused append reports the stream's revision; negative ones (deleted, tombstoned) hold no events for us. */
export function versionOf(state: CurrentStreamState): number {
  if (state === NO_STREAM || state < 0n) return 0;
  return streamPositionOf(state);
}
