/*
 * Stream ids are scoped by user: two users' equal session ids are two streams.
 * Each component is URI-encoded, which turns ':' into '%3A', so the first ':'
 * always ends the user id and no (user, id) pair can spell another pair's
 * stream, whatever ':' or '-' the ids contain. The kind is a fixed word without
 * '-', so the first '-' always ends it.
 */
export type StreamKind = 'project' | 'session' | 'source' | 'user';

export type ParsedStreamId =
  | { kind: Exclude<StreamKind, 'user'>; userId: string; id: string }
  | { kind: 'user'; userId: string; id: null };

export class InvalidStreamIdError extends Error {
  constructor(readonly streamId: string, reason: string) {
    super(`not a memctx stream id (${reason}): ${JSON.stringify(streamId)}`);
    this.name = 'InvalidStreamIdError';
  }
}

/**
 * encodeURIComponent refuses lone surrogates. We let that surface instead of
 * replacing them: PostgreSQL would store both as U+FFFD, merging two users' ids.
 */
function encode(component: string): string {
  try {
    return encodeURIComponent(component);
  } catch {
    throw new RangeError(`id is not well-formed Unicode: ${JSON.stringify(component)}`);
  }
}

export const projectStream = (userId: string, projectId: string) => `project-${encode(userId)}:${encode(projectId)}`;
export const sessionStream = (userId: string, sessionId: string) => `session-${encode(userId)}:${encode(sessionId)}`;
export const sourceStream = (userId: string, sourceId: string) => `source-${encode(userId)}:${encode(sourceId)}`;
export const userStream = (userId: string) => `user-${encode(userId)}`;

function format(parsed: ParsedStreamId): string {
  return parsed.kind === 'user' ? userStream(parsed.userId) : `${parsed.kind}-${encode(parsed.userId)}:${encode(parsed.id)}`;
}

/** Inverse of the factories; only their exact output is accepted. */
export function parseStreamId(streamId: string): ParsedStreamId {
  const match = /^(project|session|source|user)-([^:]*)(?::([^:]*))?$/.exec(streamId);
  if (!match) throw new InvalidStreamIdError(streamId, 'unknown shape');
  const kind = match[1] as StreamKind;
  const decode = (component = '') => {
    try {
      return decodeURIComponent(component);
    } catch {
      throw new InvalidStreamIdError(streamId, 'bad percent-encoding');
    }
  };
  const userId = decode(match[2]);
  const id = match[3];
  if ((kind === 'user') !== (id === undefined)) throw new InvalidStreamIdError(streamId, `wrong number of parts for ${kind}`);
  const parsed: ParsedStreamId = kind === 'user' ? { kind, userId, id: null } : { kind, userId, id: decode(id) };
  // Rejects spellings the factories never produce (e.g. '%3a', '%41'), so one stream has one id.
  if (format(parsed) !== streamId) throw new InvalidStreamIdError(streamId, 'not canonically encoded');
  return parsed;
}

/** Kafka's message key for an event: its user, so one user's events share a partition, in feed order. */
export const partitionKeyOf = (event: { stream_id: string }): string => parseStreamId(event.stream_id).userId;
