import { ingestConnectorDocument, listConnectorDocuments, validationErrorsFromZod } from '@memctx/contracts';
import { createConnectorIngest } from '@memctx/ingestion';
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

export function connectorRoutes(deps: FeatureDeps): RouteModule {
  const ingest = createConnectorIngest({
    service: deps.service,
    credentials: deps.connectors.credentials,
    readSource: (userId, sourceId) => deps.reads.findSource(userId, sourceId),
    waitMs: deps.connectors.ingestWaitMs,
  });
  return (routes) => {
    routes.endpoint(listConnectorDocuments, async ({ params, body }) => {
      const connector = connectorOf(deps, params.connector_type);
      const credentials = credentialsFor(connector, body);
      const documents = await connectorCall(deps, () => connector.list(credentials, body.query, body.page_size));
      return { count: documents.length, documents };
    });

    /*
     * The use case is @memctx/ingestion's connector ingest (request, then a bounded
     * wait for the worker's outcome); here its outcome becomes HTTP: 200 once stored,
     * 422 when the document failed, 202 with status "pending" when still worked on.
     */
    routes.endpoint(ingestConnectorDocument, async ({ params, body }, { auth, req, res, status }) => {
      const connector = connectorOf(deps, params.connector_type);
      const credentials = credentialsFor(connector, body);
      const accepted = await idempotent(deps, req, 'connectors.ingest', auth.userId, body, async (key) => {
        const requested = await domainCall(() => ingest.request(
          {
            userId: auth.userId, connectorType: params.connector_type, externalId: body.external_id, sessionId: body.session_id, domain: body.domain,
            credentials, idempotencyKey: key,
          },
          { check: () => connectorCall(deps, () => connector.check(credentials, body.external_id)), chargeQuota: () => chargeQuota(deps, auth.userId, res) },
        ));
        wrote(deps, auth.userId, res, requested.position);
        return { source_id: requested.sourceId, request_id: requested.requestId };
      });
      const outcome = await ingest.awaitOutcome(auth.userId, { sourceId: accepted.source_id, requestId: accepted.request_id, externalId: body.external_id }, () =>
        fresh(deps, auth.userId, req, res));
      // The sources read model told of the outcome; the chunks' records may be projected later, so reads wait for it.
      if (outcome.status !== 'pending') wrote(deps, auth.userId, res, outcome.position);
      if (outcome.status === 'failed') {
        throw new UnprocessableEntityError([
          { loc: ['body', 'external_id'], msg: `The document could not be ingested: ${outcome.reason}`, type: 'document_failed' },
        ]);
      }
      const base = { connector_type: params.connector_type, user_id: auth.userId, source_id: accepted.source_id };
      if (outcome.status === 'ingested') return { ...base, chunks_stored: outcome.chunks, title: outcome.title, status: 'ingested' as const };
      status(202);
      return { ...base, chunks_stored: 0, title: outcome.title, status: 'pending' as const };
    });
  };
}
