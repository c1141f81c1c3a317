import { unnestFrom, type ColumnType, type Queryable } from '@memctx/db';
import type { EventType } from '@memctx/domain';
import { isOneOf, type ProjectedEvent } from '@memctx/projections';

/** What the batch steps need of an event: its type (and feed coordinates for rows). */
type Typed = { readonly type: string };

/** Events naming a session: their data carries both keys. */
type SessionKeyed = { readonly data: { readonly user_id: string; readonly session_id: string } };

/**
 * The events of `types` in a step, typed as such. A step holds one group, so
 * this keeps every event; it is the narrowing handlers need, done by a guard
 * instead of a cast.
 */
export function ofTypes<T extends EventType>(events: readonly ProjectedEvent[], ...types: T[]): ProjectedEvent<T>[] {
  return events.filter((event) => isOneOf(event, types));
}

/**
 * Splits a batch into runs of consecutive events of the same group (by default
 * the type), so each run can be applied with one set-based statement while order
 * across groups holds. Types a projection applies alike (inserts that commute)
 * share a group, so interleaved traffic still makes long runs.
 */
export function runsOf<E extends Typed>(events: readonly E[], groupOf: (type: string) => string = (type) => type): E[][] {
  const runs: E[][] = [];
  let lastGroup: string | undefined;
  for (const event of events) {
    const group = groupOf(event.type);
    const last = runs[runs.length - 1];
    if (last && group === lastGroup) last.push(event);
    else runs.push([event]);
    lastGroup = group;
  }
  return runs;
}

/**
 * The named fields of the events' data and their feed coordinates (stream_position, global_position), one array
 * parameter per column (see asColumns), read straight from each event: no row object per event in between.
 */
export function eventColumns<K extends string>(events: readonly ProjectedEvent[], columns: Readonly<Record<K, ColumnType>>, firstParam = 1) {
  const valueOf = (event: ProjectedEvent, name: string): unknown => {
    if (name === 'stream_position') return event.stream_position;
    if (name === 'global_position') return event.global_position;
    return (event.data as Record<string, unknown>)[name] ?? null;
  };
  return { from: unnestFrom(columns, firstParam), params: Object.keys(columns).map((name) => events.map((event) => valueOf(event, name))) };
}

/**
 * Orders a batch into steps that can each be applied with one set-based
 * statement per group, for projections whose events only touch the rows of
 * their own key (a session, a source). Per key, a change of group starts the
 * key's next layer; a step is one group within one layer, so a key appears at
 * most once per layer and its events keep their order, while different keys
 * (which commute) share statements. Barrier events touch rows of other keys
 * (a purge blanks the SIP text of sessions quoting it): the batch is cut there,
 * and consecutive barriers of one group form a step of their own.
 */
export function stepsOf<E extends Typed>(
  events: readonly E[],
  options: { keyOf: (event: NoInfer<E>) => string; groupOf?: (type: string) => string; isBarrier?: (event: NoInfer<E>) => boolean },
): E[][] {
  const groupOf = options.groupOf ?? ((type: string) => type);
  const steps: E[][] = [];
  let layers: Array<Map<string, E[]>> = [];
  let keys = new Map<string, { group: string; layer: number }>();
  const flush = () => {
    for (const layer of layers) steps.push(...layer.values());
    layers = [];
    keys = new Map();
  };
  let barrier: { group: string; run: E[] } | undefined;
  for (const event of events) {
    const group = groupOf(event.type);
    if (options.isBarrier?.(event)) {
      flush();
      if (barrier?.group === group) barrier.run.push(event);
      else {
        barrier = { group, run: [event] };
        steps.push(barrier.run);
      }
      continue;
    }
    barrier = undefined;
    const key = options.keyOf(event);
    const last = keys.get(key);
    const layer = last === undefined ? 0 : last.group === group ? last.layer : last.layer + 1;
    keys.set(key, { group, layer });
    const groups = (layers[layer] ??= new Map());
    const step = groups.get(group);
    if (step) step.push(event);
    else groups.set(group, [event]);
  }
  flush();
  return steps;
}

/** The last event per key, in the order of those last events: when each event of a step overwrites the same rows, it alone decides. */
export function lastPerKey<E>(events: readonly E[], keyOf: (event: NoInfer<E>) => string): E[] {
  const last = new Map<string, E>();
  for (const event of events) {
    const key = keyOf(event);
    last.delete(key);
    last.set(key, event);
  }
  return [...last.values()];
}

/** The distinct sessions a step names, as (user ids, session ids) for `unnest($1::text[], $2::text[])`. */
export function sessionArrays(events: readonly SessionKeyed[]): [string[], string[]] {
  const sessions = new Map<string, [string, string]>();
  for (const event of events) {
    const { user_id, session_id } = event.data;
    sessions.set(sessionKeyOf(event), [user_id, session_id]);
  }
  const pairs = [...sessions.values()];
  return [pairs.map(([user]) => user), pairs.map(([, session]) => session)];
}

/** A session's key in maps of sessions: its user and session ids in one string. */
export const sessionKeyOf = (event: SessionKeyed) => `${event.data.user_id}\u0000${event.data.session_id}`;

/**
 * Soft deletes and restores of a step: each session's last one decides whether
 * `table`'s rows of that session are hidden. `table` is a read model's own
 * constant name, never input.
 */
export function setSessionsHidden(tx: Queryable, table: string, events: readonly ProjectedEvent<'SessionSoftDeleted' | 'SessionRestored'>[]) {
  const last = lastPerKey(events, sessionKeyOf);
  const data = last.map((event) => event.data);
  return tx.query(
    `UPDATE ${table} t SET hidden = i.hidden FROM unnest($1::text[], $2::text[], $3::boolean[]) AS i(user_id, session_id, hidden)
     WHERE t.user_id = i.user_id AND t.session_id = i.session_id AND t.hidden <> i.hidden`,
    [data.map((d) => d.user_id), data.map((d) => d.session_id), last.map((event) => event.type === 'SessionSoftDeleted')],
  );
}

/** Purges of a step: every row of `table` that belongs to a purged session goes. */
export function deleteSessions(tx: Queryable, table: string, events: readonly ProjectedEvent<'SessionPurged'>[]) {
  return tx.query(
    `DELETE FROM ${table} t USING unnest($1::text[], $2::text[]) AS p(user_id, session_id)
     WHERE t.user_id = p.user_id AND t.session_id = p.session_id`,
    sessionArrays(events),
  );
}
