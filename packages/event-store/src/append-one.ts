import type { AppendOptions, AppendResult, EventStore, EventToAppend } from './types.js';

/** `append` as every store implements it: a one-item appendMany whose failure is thrown. */
export async function appendOne(
  appendMany: EventStore['appendMany'],
  streamId: string,
  events: EventToAppend[],
  options: AppendOptions = {},
): Promise<AppendResult> {
  const [outcome] = await appendMany([{ streamId, events, expectedVersion: options.expectedVersion }]);
  if (!outcome!.ok) throw outcome!.error;
  return outcome!.result;
}
