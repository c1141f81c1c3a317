import type { ZodType } from 'zod';
import { z } from '../zod.js';
import { ErrorDetail, HTTPValidationError, ProjectIdParam, SessionIdParam } from './common.js';
import { ClearAllResponse, MessagesQuery, MessagesResponse, SessionSummary } from './sessions.js';
import { CreateProjectRequest, ProjectSourcesResponse, ProjectSummary, RenameProjectRequest } from './projects.js';
import { GeneratedRequest, GeneratedResponse, IngestRequest, IngestResponse } from './memory.js';
import { SipBuildRequest, SipBuildResponse } from './sip.js';
import {
  ConnectorIngestRequest, ConnectorIngestResponse, ConnectorListRequest, ConnectorListResponse, ConnectorTypeParam, ConnectorsResponse,
} from './connectors.js';
import { ActivityQuery, ActivityResponse, EfficiencyQuery, EfficiencyResponse, ProvenanceQuery, ProvenanceResponse } from './dashboard.js';
import { HealthResponse } from './health.js';

export interface Operation {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Express-style path (`:param`); the OpenAPI document uses `{param}`. */
  path: string;
  summary: string;
  /** False only for the two open endpoints of the spec. */
  auth: boolean;
  /** Counts against the daily ingest quota (and accepts Idempotency-Key). */
  ingest?: boolean;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  status: number;
  response?: ZodType;
  /** Extra documented statuses besides 401/422/500. */
  errors?: number[];
}

/**
 * The whole HTTP contract in one table: the API validates requests with these
 * schemas and the OpenAPI document is generated from them, so the two cannot drift.
 */
export const operations = {
  buildSip: { method: 'post', path: '/api/v1/sip/build', summary: 'Build a SIP', auth: true, body: SipBuildRequest, status: 200, response: SipBuildResponse, errors: [404] },
  ingestRound: { method: 'post', path: '/api/v1/memory/ingest', summary: 'Store one round as a ROUND record', auth: true, ingest: true, body: IngestRequest, status: 200, response: IngestResponse, errors: [404, 409, 429] },
  recordGenerated: { method: 'post', path: '/api/v1/memory/generated', summary: 'Store an unconfirmed assistant statement (AI_GENERATED)', auth: true, ingest: true, body: GeneratedRequest, status: 200, response: GeneratedResponse, errors: [404, 409, 429] },
  listConnectors: { method: 'get', path: '/api/v1/connectors', summary: 'List available connectors', auth: false, status: 200, response: ConnectorsResponse },
  listConnectorDocuments: { method: 'post', path: '/api/v1/connectors/:connector_type/list', summary: 'List documents available from a connector', auth: true, params: ConnectorTypeParam, body: ConnectorListRequest, status: 200, response: ConnectorListResponse, errors: [404] },
  ingestConnectorDocument: { method: 'post', path: '/api/v1/connectors/:connector_type/ingest', summary: 'Fetch, chunk, embed and store one document', auth: true, ingest: true, params: ConnectorTypeParam, body: ConnectorIngestRequest, status: 200, response: ConnectorIngestResponse, errors: [404, 409, 429] },
  createProject: { method: 'post', path: '/api/v1/projects', summary: 'Create a project', auth: true, body: CreateProjectRequest, status: 201, response: ProjectSummary },
  renameProject: { method: 'patch', path: '/api/v1/projects/:project_id', summary: 'Rename a project', auth: true, params: ProjectIdParam, body: RenameProjectRequest, status: 200, response: ProjectSummary, errors: [404] },
  listProjectSources: { method: 'get', path: '/api/v1/projects/:project_id/sources', summary: "List a project's active sources, newest first", auth: true, params: ProjectIdParam, status: 200, response: ProjectSourcesResponse, errors: [404] },
  listSessionMessages: { method: 'get', path: '/api/v1/sessions/:session_id/messages', summary: "A session's turns, oldest first", auth: true, params: SessionIdParam, query: MessagesQuery, status: 200, response: MessagesResponse, errors: [404] },
  deleteSession: { method: 'delete', path: '/api/v1/sessions/:session_id', summary: 'Soft-delete a session and its messages', auth: true, params: SessionIdParam, status: 204, errors: [404] },
  restoreSession: { method: 'post', path: '/api/v1/sessions/:session_id/restore', summary: 'Restore a soft-deleted session', auth: true, params: SessionIdParam, status: 200, response: SessionSummary, errors: [404] },
  clearAllSessions: { method: 'post', path: '/api/v1/sessions/clear-all', summary: "Soft-delete every active session of the caller", auth: true, status: 200, response: ClearAllResponse },
  dashboardEfficiency: { method: 'get', path: '/api/v1/dashboard/efficiency', summary: 'Token use with memory vs the no-memory baseline', auth: true, query: EfficiencyQuery, status: 200, response: EfficiencyResponse },
  dashboardActivity: { method: 'get', path: '/api/v1/dashboard/activity', summary: 'Recent memory events, newest first', auth: true, query: ActivityQuery, status: 200, response: ActivityResponse },
  dashboardProvenance: { method: 'get', path: '/api/v1/dashboard/provenance', summary: 'Count of memory records per provenance class', auth: true, query: ProvenanceQuery, status: 200, response: ProvenanceResponse, errors: [404] },
  health: { method: 'get', path: '/api/v1/health', summary: 'Service health', auth: false, status: 200, response: HealthResponse, errors: [503] },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof operations;

export const errorResponses = { validation: HTTPValidationError, detail: ErrorDetail, empty: z.object({}) };
