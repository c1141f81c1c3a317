import { z } from 'zod';
import { count, identifier, JsonObject } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { laxInt } from './validation/lax.js';

export const DEFAULT_CONNECTOR_PAGE_SIZE = 20;
export const MAX_CONNECTOR_PAGE_SIZE = 100;

export const ConnectorParams = z.object({
  connector_type: z.string().min(1).max(64).meta({ description: 'Which connector, e.g. as listed by GET /api/v1/connectors.' }),
});

const Credentials = JsonObject.meta({ description: 'Credentials for the external system; separate from the API key.' });

export const CredentialField = z
  .object({
    name: z.string(),
    description: z.string(),
    required: z.boolean(),
    secret: z.boolean().meta({ description: 'Whether the value is a secret (send it, never display it).' }),
  })
  .meta({ id: 'CredentialField' });

export const ConnectorInfo = z
  .object({
    connector_type: z.string(),
    name: z.string().meta({ description: 'Human-readable name.' }),
    credential_fields: z.array(CredentialField).meta({ description: 'The keys of `credentials` this connector takes.' }),
  })
  .meta({ id: 'ConnectorInfo' });

export const ConnectorCatalogResponse = z
  .object({ connectors: z.array(ConnectorInfo) })
  .meta({ id: 'ConnectorCatalogResponse' });

export const ConnectorListRequest = z
  .object({
    credentials: Credentials,
    query: z.string().max(1_000).nullable().default(null),
    // null means "the default", so a client can send the field without choosing a size.
    page_size: laxInt({ ge: 1, le: MAX_CONNECTOR_PAGE_SIZE })
      .nullable()
      .default(DEFAULT_CONNECTOR_PAGE_SIZE)
      .transform((size) => size ?? DEFAULT_CONNECTOR_PAGE_SIZE),
  })
  .meta({ id: 'ConnectorListRequest' });

export const ConnectorDocument = z
  .object({
    external_id: z.string(),
    title: z.string(),
    mime_type: z.string(),
    source_url: z.string(),
    metadata: JsonObject,
  })
  .meta({ id: 'ConnectorDocument' });

export const ConnectorListResponse = z
  .object({ count: count('Number of documents returned.'), documents: z.array(ConnectorDocument) })
  .meta({ id: 'ConnectorListResponse' });

export const ConnectorIngestRequest = z
  .object({
    credentials: Credentials,
    external_id: z.string().min(1).max(1_000),
    session_id: identifier('Session'),
    domain: z.string().min(1).max(100).nullable().default(null),
  })
  .meta({ id: 'ConnectorIngestRequest' });

export const ConnectorIngestResponse = z
  .object({
    chunks_stored: count('Chunks stored as DOCUMENT_VERIFIED records.'),
    connector_type: z.string(),
    title: z.string(),
    user_id: z.string(),
    status: z.enum(['ingested', 'pending']).meta({
      description: 'ingested: stored (200). pending: still being processed after the wait (202); follow it in the project sources.',
    }),
    source_id: z.string(),
  })
  .meta({ id: 'ConnectorIngestResponse' });

export const listConnectors = defineEndpoint({
  method: 'get',
  path: '/api/v1/connectors',
  operationId: 'listConnectors',
  summary: 'List available connectors (no key needed)',
  tags: ['connectors'],
  security: 'none',
  request: {},
  response: { status: 200, description: 'The connectors this deployment offers.', schema: ConnectorCatalogResponse },
  errors: [],
});

export const listConnectorDocuments = defineEndpoint({
  method: 'post',
  path: '/api/v1/connectors/{connector_type}/list',
  operationId: 'listConnectorDocuments',
  summary: 'List documents available from a connector',
  tags: ['connectors'],
  security: 'apiKey',
  request: { params: ConnectorParams, body: ConnectorListRequest },
  response: { status: 200, description: 'The documents.', schema: ConnectorListResponse },
  errors: [400, 401, 403, 404, 413, 415, 502],
});

export const ingestConnectorDocument = defineEndpoint({
  method: 'post',
  path: '/api/v1/connectors/{connector_type}/ingest',
  operationId: 'ingestConnectorDocument',
  summary: 'Fetch, chunk, embed and store one document as DOCUMENT_VERIFIED records',
  description: 'Counts against the daily ingest quota.',
  tags: ['connectors'],
  security: 'apiKey',
  request: { params: ConnectorParams, body: ConnectorIngestRequest },
  response: { status: 200, description: 'The document was stored (or, with 202, is still being processed).', schema: ConnectorIngestResponse },
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 502],
});

export const connectorEndpoints = [listConnectors, listConnectorDocuments, ingestConnectorDocument] as const;
