import { isEventType, type EventType } from '@memctx/domain';
import type { JsonObject } from '@memctx/event-store';

/** The session whose key seals an event's personal fields; its purge destroys the key. */
export interface SessionRef {
  userId: string;
  sessionId: string;
}

export interface SealedFields {
  /** Every session whose purge must erase the fields: each one's key seals them. */
  sessions: SessionRef[];
  /** Each personal field with the value it reads as once the key is destroyed. */
  fields: Readonly<Record<string, unknown>>;
}

export interface ShreddingPolicy {
  /** What of an event is personal and under which session's key; undefined: stored as it is. */
  sealedFieldsOf(event: { type: string; data: JsonObject }): SealedFields | undefined;
  /** The session whose keys are destroyed before this event is stored (a purge); undefined for others. */
  destroys(event: { type: string; data: JsonObject }): SessionRef | undefined;
}

/** The session an event's `user_id` and `session_id` name, when it names one. */
const sessionRefOf = (data: JsonObject): SessionRef | undefined =>
  typeof data.user_id === 'string' && typeof data.session_id === 'string' ? { userId: data.user_id, sessionId: data.session_id } : undefined;

const MESSAGES = { user_message: '', assistant_message: '' } as const;

/** The session a build was made for and the sessions of the records its text quotes (`cited_session_ids`). */
function sessionsOfBuild(data: JsonObject): SessionRef[] {
  if (typeof data.user_id !== 'string') return [];
  const cited = Array.isArray(data.cited_session_ids) ? data.cited_session_ids.filter((id): id is string => typeof id === 'string') : [];
  const ids = new Set([...(typeof data.session_id === 'string' ? [data.session_id] : []), ...cited]);
  return [...ids].map((sessionId) => ({ userId: data.user_id as string, sessionId }));
}

type Sealing = (data: JsonObject) => SealedFields | undefined;

const sealMessages: Sealing = (data) => {
  const session = sessionRefOf(data);
  return session && { sessions: [session], fields: MESSAGES };
};
const sealBuild: Sealing = (data) => {
  const sessions = sessionsOfBuild(data);
  return sessions.length > 0 ? { sessions, fields: { query: null, sip_text: '' } } : undefined;
};
const storedAsIs: Sealing = () => undefined;

/*
 * Every memctx event type, audited for user text (a new type fails to compile until it is listed here):
 * - RoundIngested, GeneratedStatementRecorded: the two messages (session stream).
 * - SipBuilt: the query and the SIP text, under the keys of the session the build was made for and of
 *   every session whose records it quotes, so purging any of them erases it. A build tied to no session
 *   and quoting none (documents only, or nothing) is stored as it is.
 * - SessionSoftDeleted/Restored/Purged, projects, sources: ids, names, times, document text. Project names
 *   and documents belong to projects and sources, not sessions, so a session purge does not touch them.
 */
const SEALING = {
  RoundIngested: sealMessages,
  GeneratedStatementRecorded: sealMessages,
  SipBuilt: sealBuild,
  SessionSoftDeleted: storedAsIs,
  SessionRestored: storedAsIs,
  SessionPurged: storedAsIs,
  ProjectCreated: storedAsIs,
  ProjectRenamed: storedAsIs,
  DocumentIngestRequested: storedAsIs,
  DocumentIngested: storedAsIs,
  DocumentIngestFailed: storedAsIs,
} as const satisfies Record<EventType, Sealing>;

const PURGE: EventType = 'SessionPurged';

export const domainPolicy: ShreddingPolicy = {
  sealedFieldsOf: (event) => (isEventType(event.type) ? SEALING[event.type](event.data) : undefined),
  destroys: (event) => (event.type === PURGE ? sessionRefOf(event.data) : undefined),
};
