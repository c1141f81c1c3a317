import { CredentialsRejected, DocumentRefused, UnparseableDocument, UpstreamError, type ConnectorRegistry } from '@memctx/connectors';
import type { ConnectorDirectory } from './directory.js';

/** The API's view of @memctx/connectors, with the HTTP answer for each kind of connector error. */
export function connectorDirectory(registry: ConnectorRegistry): ConnectorDirectory {
  return {
    catalog: () => registry.catalog(),
    get: (type) => registry.get(type),
    statusOf(error) {
      if (error instanceof DocumentRefused) return { status: error.status, detail: error.message };
      if (error instanceof CredentialsRejected) return { status: 400, detail: `The connector's service rejected the credentials: ${error.message}` };
      if (error instanceof UnparseableDocument) return { status: 422, detail: error.message };
      if (error instanceof UpstreamError) return { status: 502, detail: error.message };
      return undefined;
    },
  };
}
