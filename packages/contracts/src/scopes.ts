import { z } from 'zod';

/** What an API key may do: read memory, write it, build SIPs. A key made without scopes has all three. */
export const API_KEY_SCOPES = ['read', 'write', 'sip'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const ApiKeyScopes = z
  .array(z.enum(API_KEY_SCOPES))
  .min(1)
  .meta({ description: 'What the key may do: `read` (browse, search, export, dashboard), `write` (ingest, projects, sessions), `sip` (build SIPs).' });

/**
 * How a key limited to one project is held to it on an operation:
 * - `field`: the request's `project_id` (body or query) must be the key's project; left out, it becomes the key's project;
 * - `path`: the `{project_id}` in the path must be the key's project;
 * - `session`: the session the request names (`session_id` in the path or body) must be in the key's project;
 * - `none`: the operation reads no memory (a connector's listing of its documents);
 * - `all`: the operation spans every project, so a project key may not call it.
 */
export type ProjectRule = 'field' | 'path' | 'session' | 'none' | 'all';

export interface OperationAccess {
  /** `all`: the key must hold every scope (an operation the map does not name). */
  scope: ApiKeyScope | 'all';
  project: ProjectRule;
}

/** Every operation behind an API key, with the scope it needs and how a project key is held to its project: the one map. */
export const OPERATION_ACCESS: Readonly<Record<string, OperationAccess>> = {
  buildSip: { scope: 'sip', project: 'field' },
  ingestRound: { scope: 'write', project: 'field' },
  recordGeneratedStatement: { scope: 'write', project: 'session' },
  ingestConnectorDocument: { scope: 'write', project: 'session' },
  listConnectorDocuments: { scope: 'read', project: 'none' },
  createProject: { scope: 'write', project: 'all' },
  renameProject: { scope: 'write', project: 'path' },
  listProjectSources: { scope: 'read', project: 'path' },
  listProjects: { scope: 'read', project: 'all' },
  listSessions: { scope: 'read', project: 'field' },
  listSessionMessages: { scope: 'read', project: 'session' },
  deleteSession: { scope: 'write', project: 'session' },
  restoreSession: { scope: 'write', project: 'session' },
  clearAllSessions: { scope: 'write', project: 'all' },
  listRecords: { scope: 'read', project: 'field' },
  exportMemory: { scope: 'read', project: 'all' },
  getEfficiency: { scope: 'read', project: 'all' },
  getActivity: { scope: 'read', project: 'all' },
  getProvenance: { scope: 'read', project: 'field' },
};

/** An operation the map does not name (a test's demo route) is closed to every key with less than full access. */
const UNMAPPED: OperationAccess = { scope: 'all', project: 'all' };

export const operationAccess = (operationId: string): OperationAccess => OPERATION_ACCESS[operationId] ?? UNMAPPED;

/** The scopes a key needs for an operation. */
export const scopesNeeded = (access: OperationAccess): readonly ApiKeyScope[] => (access.scope === 'all' ? API_KEY_SCOPES : [access.scope]);
