import { deterministicId } from '@memctx/commands';
import { ingestConnectorDocument, listConnectorDocuments, validationErrorsFromZod } from '@memctx/contracts';
import { findSource } from '@memctx/read-models';
import { randomUUID } from 'node:crypto';
import type { ConnectorAccess } from '../connectors/directory.js';
import type { RouteModule } from '../http/endpoints.js';
import { HttpError, UnprocessableEntityError } from '../http/errors.js';
import type { FeatureDeps } from './deps.js';
import { chargeQuota, domainCall, fresh, idempotent, wrote } from './guards.js';

function connectorOf(deps: FeatureDeps, type: string): ConnectorAccess {
  const connector = deps.connectors.directory.get(type);
  if (!connector) throw new HttpError(404, `Unknown connector type: ${type}`);
  return connector;
}

/** Credentials are checked against the connector's own schema and reported at body.credentials.* like any other field. */
function credentialsFor(connector: ConnectorAccess, body: { credentials: Record<string, unknown> }): Record<string, unknown> {
  const parsed = connector.credentials.safeParse(body.credentials);
  if (parsed.success) return parsed.data;
  const items = validationErrorsFromZod(parsed.error.issues, 'body', body.credentials).map((item) => ({
    ...item,
    loc: ['body', 'credentials', ...item.loc.slice(1)],
    // Never echo what was sent in a credentials object: it may be a secret.
    input: undefined,
  }));
  throw new UnprocessableEntityError(items);
}

async function connectorCall<T>(deps: FeatureDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const answer = deps.connectors.directory.statusOf(error);
    // Every 422 carries the validation shape, so a client needs one parser for it.
    if (answer?.status === 422) throw new UnprocessableEntityError([{ loc: ['body', 'external_id'], msg: answer.detail, type: 'document_unreadable' }]);
    if (answer) throw new HttpError(answer.status, answer.detail);
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function connectorRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(listConnectorDocuments, async ({ params, body }) => {
      const connector = connectorOf(deps, params.connector_type);
      const credentials = credentialsFor(connector, body);
      const documents = await connectorCall(deps, () => connector.list(credentials, body.query, body.page_size));
      return { count: documents.length, documents };
    });

    /*
     * Checks, charges the quota and appends DocumentIngestRequested (the source is
     * listed as pending at once); the worker does the rest. The response waits,
     * up to the configured time, for the outcome: 200 once stored, 422 when the
     * document failed, 202 with status "pending" when it is still being worked on.
     */
    routes.endpoint(ingestConnectorDocument, async ({ params, body }, { auth, req, res, status }) => {
      const connector = connectorOf(deps, params.connector_type);
      const credentials = credentialsFor(connector, body);
      const accepted = await idempotent(deps, req, 'connectors.ingest', auth.userId, body, async (key) => {
        await connectorCall(deps, () => connector.check(credentials, body.external_id));
        if (!(await deps.service.sessionIsLive(auth.userId, body.session_id))) throw new HttpError(404, 'Not Found');
        await chargeQuota(deps, auth.userId, res);
        const requestId = key ? deterministicId(auth.userId, 'document-request', key) : randomUUID();
        await deps.connectors.credentials.put(requestId, auth.userId, credentials);
        const requested = await domainCall(() =>
          deps.service.requestDocumentIngest(auth.userId, {
            request_id: requestId, connector_type: params.connector_type, external_id: body.external_id, session_id: body.session_id, domain: body.domain,
          }),
        );
        wrote(deps, auth.userId, res, requested.position);
        return { source_id: requested.sourceId, request_id: requested.requestId };
      });
      const deadline = Date.now() + deps.connectors.ingestWaitMs;
      for (;;) {
        await fresh(deps, auth.userId, req, res);
        const source = await findSource(deps.db, auth.userId, accepted.source_id);
        const answered = source && source.request_id === accepted.request_id && source.ingest_status !== 'pending';
        if (answered && source.ingest_status === 'failed') {
          throw new UnprocessableEntityError([
            { loc: ['body', 'external_id'], msg: `The document could not be ingested: ${source.failure_reason ?? 'unknown reason'}`, type: 'document_failed' },
          ]);
        }
        const base = { connector_type: params.connector_type, user_id: auth.userId, source_id: accepted.source_id };
        if (answered) return { ...base, chunks_stored: source.chunk_count, title: source.title, status: 'ingested' as const };
        if (Date.now() >= deadline) {
          status(202);
          return { ...base, chunks_stored: 0, title: source?.title ?? body.external_id, status: 'pending' as const };
        }
        await sleep(100);
      }
    });
  };
}
