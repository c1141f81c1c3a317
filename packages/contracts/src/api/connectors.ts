import { z } from '../zod.js';
import { jsonObject, laxInt } from '../fields.js';
import { Id, NullableId } from './common.js';
import { LIMITS } from './limits.js';

export const ConnectorTypeParam = z.object({ connector_type: Id });

export const ConnectorListRequest = z
  .object({
    credentials: jsonObject().default({}),
    query: z.string().max(LIMITS.queryLength).nullable().optional(),
    page_size: laxInt({ ge: 1, le: LIMITS.connectorPageSizeMax }).default(LIMITS.connectorPageSizeDefault),
  })
  .openapi('ConnectorListRequest');

export const ConnectorDocument = z
  .object({ external_id: z.string(), title: z.string(), mime_type: z.string(), source_url: z.string(), metadata: jsonObject() })
  .openapi('ConnectorDocument');

export const ConnectorListResponse = z.object({ count: z.number().int(), documents: z.array(ConnectorDocument) }).openapi('ConnectorListResponse');

export const ConnectorIngestRequest = z
  .object({
    credentials: jsonObject().default({}),
    external_id: z.string().min(1).max(LIMITS.externalIdLength),
    session_id: Id,
    domain: NullableId.optional(),
  })
  .openapi('ConnectorIngestRequest');

export const ConnectorIngestResponse = z
  .object({ chunks_stored: z.number().int(), connector_type: z.string(), title: z.string(), user_id: z.string() })
  .openapi('ConnectorIngestResponse');

export const ConnectorInfo = z
  .object({
    type: z.string(),
    display_name: z.string(),
    credential_fields: z.array(z.object({ name: z.string(), required: z.boolean(), secret: z.boolean(), description: z.string() })),
  })
  .openapi('ConnectorInfo');

export const ConnectorsResponse = z.object({ connectors: z.array(ConnectorInfo) }).openapi('ConnectorsResponse');
