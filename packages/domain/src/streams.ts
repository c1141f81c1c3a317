/*
 * Stream ids are scoped by user: two users' equal session ids are two
 * streams. Components are URI-encoded, so ids containing ':' or '-' cannot
 * make two different (user, id) pairs spell the same stream.
 */
export type StreamKind = 'project' | 'session' | 'source' | 'user';

export function streamId(kind: StreamKind, userId: string, id?: string): string {
  const user = encodeURIComponent(userId);
  return id === undefined ? `${kind}-${user}` : `${kind}-${user}:${encodeURIComponent(id)}`;
}

export const projectStream = (userId: string, projectId: string) => streamId('project', userId, projectId);
export const sessionStream = (userId: string, sessionId: string) => streamId('session', userId, sessionId);
export const sourceStream = (userId: string, sourceId: string) => streamId('source', userId, sourceId);
export const userStream = (userId: string) => streamId('user', userId);

export function parseStreamId(stream: string): { kind: StreamKind; userId: string; id: string | undefined } {
  const match = /^(project|session|source|user)-([^:]*)(?::(.*))?$/.exec(stream);
  if (!match) throw new Error(`not a memctx stream id: ${stream}`);
  return {
    kind: match[1] as StreamKind,
    userId: decodeURIComponent(match[2]!),
    id: match[3] === undefined ? undefined : decodeURIComponent(match[3]),
  };
}
