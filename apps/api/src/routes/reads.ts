import type { Db } from '@memctx/db';
import {
  browseProjects, browseRecords, browseSessions, efficiency, exportUser, findLiveSession, findProject, findSource, listActiveSessionIds,
  listMessages, listSources, provenanceCounts, recentActivity, recordsInOrder, retrieveCandidates,
} from '@memctx/read-models';
import { buildSip, type BuiltSip, type SipBuildDeps, type SipRequest } from '@memctx/sip';

/** A read-model query with its database already given: the same arguments after the first, the same answer. */
type Bound<F> = F extends (db: never, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * What the feature routes read: the read-model queries and the SIP build, each with its database bound. The
 * routes see only this, so their HTTP behaviour can be tested on in-memory data (apps/api/test/routes) without
 * PostgreSQL; the service itself always reads with `sqlReads`.
 */
export interface FeatureReads {
  findProject: Bound<typeof findProject>;
  listSources: Bound<typeof listSources>;
  findSource: Bound<typeof findSource>;
  findLiveSession: Bound<typeof findLiveSession>;
  listMessages: Bound<typeof listMessages>;
  listActiveSessionIds: Bound<typeof listActiveSessionIds>;
  browseProjects: Bound<typeof browseProjects>;
  browseSessions: Bound<typeof browseSessions>;
  browseRecords: Bound<typeof browseRecords>;
  recordsInOrder: Bound<typeof recordsInOrder>;
  retrieveCandidates: Bound<typeof retrieveCandidates>;
  exportUser: Bound<typeof exportUser>;
  efficiency: Bound<typeof efficiency>;
  recentActivity: Bound<typeof recentActivity>;
  provenanceCounts: Bound<typeof provenanceCounts>;
  buildSip(deps: Omit<SipBuildDeps, 'db'>, request: SipRequest): Promise<BuiltSip>;
}

/** The read models in the database. */
export function sqlReads(db: Db): FeatureReads {
  const bind = <A extends unknown[], R>(query: (db: Db, ...args: A) => R) => (...args: A): R => query(db, ...args);
  return {
    findProject: bind(findProject),
    listSources: bind(listSources),
    findSource: bind(findSource),
    findLiveSession: bind(findLiveSession),
    listMessages: bind(listMessages),
    listActiveSessionIds: bind(listActiveSessionIds),
    browseProjects: bind(browseProjects),
    browseSessions: bind(browseSessions),
    browseRecords: bind(browseRecords),
    recordsInOrder: bind(recordsInOrder),
    retrieveCandidates: bind(retrieveCandidates),
    exportUser: bind(exportUser),
    efficiency: bind(efficiency),
    recentActivity: bind(recentActivity),
    provenanceCounts: bind(provenanceCounts),
    buildSip: (deps, request) => buildSip({ ...deps, db }, request),
  };
}
