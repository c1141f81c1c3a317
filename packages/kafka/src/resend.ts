import type { RecordedEvent } from '@memctx/event-store';

/**
 * What a publisher remembers from a publish that failed until the relay's next one, which starts again at the
 * relay's checkpoint: with the same events, and perhaps more after them.
 */
export interface ResendState {
  /** Ids of events the broker acknowledged in the failed publish: on the topic once already. */
  readonly acknowledged: ReadonlySet<string>;
  /** The send that failed without an answer: the broker may have written it. */
  readonly unconfirmed?: readonly RecordedEvent[];
}

export const NOTHING_TO_RESEND: ResendState = { acknowledged: new Set() };

/**
 * The sends that put `events` on the topic without writing any of them twice. The idempotent producer's broker
 * drops a batch it already wrote only when it comes again with the same sequence numbers, that is, as the same
 * messages per partition: a larger batch that begins with them is refused as out of order, and the producer
 * that replaces the refused one writes them again. So the unconfirmed send goes again exactly as it was, alone,
 * before the rest.
 */
export function plannedSends(state: ResendState, events: readonly RecordedEvent[]): RecordedEvent[][] {
  const todo = events.filter((event) => !state.acknowledged.has(event.event_id));
  const { unconfirmed } = state;
  const resent = unconfirmed !== undefined && unconfirmed.length <= todo.length && unconfirmed.every((event, i) => todo[i]!.event_id === event.event_id);
  const sends = resent ? [todo.slice(0, unconfirmed.length), todo.slice(unconfirmed.length)] : [todo];
  return sends.filter((send) => send.length > 0);
}
