import type { JsonObject } from '@memctx/event-store';

/** The session whose key seals an event's personal fields; its purge destroys the key. */
export interface SessionRef {
  userId: string;
  sessionId: string;
}

export interface SealedFields {
  session: SessionRef;
  /** Each personal field with the value it reads as once the key is destroyed. */
  fields: Readonly<Record<string, unknown>>;
}

export interface ShreddingPolicy {
  /** What of an event is personal and under which session's key; undefined: stored as it is. */
  sealedFieldsOf(event: { type: string; data: JsonObject }): SealedFields | undefined;
  /** The session whose keys are destroyed before this event is stored (a purge); undefined for others. */
  destroys(event: { type: string; data: JsonObject }): SessionRef | undefined;
}

const sessionOf = (data: JsonObject): SessionRef | undefined =>
  typeof data.user_id === 'string' && typeof data.session_id === 'string' ? { userId: data.user_id, sessionId: data.session_id } : undefined;

const MESSAGES = { user_message: '', assistant_message: '' } as const;

/*
 * Every memctx event type, audited for user text:
 * - RoundIngested, GeneratedStatementRecorded: the two messages (session stream).
 * - SipBuilt: the query and the SIP text, under the key of the session the build was made for. A build
 *   without a session, and the text a build quotes from *other* sessions, stay under no session key
 *   (docs/decisions.md, "Crypto-shredding").
 * - SessionSoftDeleted/Restored/Purged, projects, sources: ids, names, times, document text. Project names
 *   and documents belong to projects and sources, not sessions, so a session purge does not touch them.
 */
export const domainPolicy: ShreddingPolicy = {
  sealedFieldsOf(event) {
    switch (event.type) {
      case 'RoundIngested':
      case 'GeneratedStatementRecorded': {
        const session = sessionOf(event.data);
        return session && { session, fields: MESSAGES };
      }
      case 'SipBuilt': {
        const session = sessionOf(event.data);
        return session && { session, fields: { query: null, sip_text: '' } };
      }
      default:
        return undefined;
    }
  },
  destroys: (event) => (event.type === 'SessionPurged' ? sessionOf(event.data) : undefined),
};
