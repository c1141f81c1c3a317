import { filesystemConnector } from './filesystem.js';
import { githubConnector } from './github.js';
import type { Connector, CredentialField } from './types.js';
import { webConnector } from './web.js';

export interface ConnectorRegistry {
  get(type: string): Connector | undefined;
  /** What GET /api/v1/connectors shows: types, names and the credential fields they take, never values. */
  catalog(): { connector_type: string; name: string; credential_fields: CredentialField[] }[];
}

export function createConnectorRegistry(connectors: readonly Connector[]): ConnectorRegistry {
  const byType = new Map(connectors.map((c) => [c.type, c]));
  return {
    get: (type) => byType.get(type),
    catalog: () => connectors.map((c) => ({ connector_type: c.type, name: c.displayName, credential_fields: c.credentialFields.map((f) => ({ ...f })) })),
  };
}

export interface DefaultConnectorOptions {
  /** The filesystem connector is offered only when a root is configured. */
  fsRoot?: string;
  allowPrivateWeb?: boolean;
  allowWebHosts?: readonly string[];
  webTimeoutMs?: number;
  githubBaseUrl?: string;
  maxBytes?: number;
}

/**
 * A connector held by the registry's one type: every call narrows the
 * credentials through the connector's own schema first, so no cast stands
 * between a caller's plain object and the connector's credential type.
 */
export function anyConnector<C extends Record<string, unknown>>(connector: Connector<C>): Connector {
  const narrow = (credentials: Record<string, unknown>) => connector.credentials.parse(credentials);
  return {
    type: connector.type,
    displayName: connector.displayName,
    credentialFields: connector.credentialFields,
    credentials: connector.credentials,
    // async, so credentials that fail their schema reject the call's promise as any connector failure would.
    list: async (credentials, query, pageSize) => connector.list(narrow(credentials), query, pageSize),
    check: async (credentials, externalId) => connector.check(narrow(credentials), externalId),
    fetch: async (credentials, externalId) => connector.fetch(narrow(credentials), externalId),
  };
}

export function defaultConnectors(options: DefaultConnectorOptions): Connector[] {
  return [
    ...(options.fsRoot ? [anyConnector(filesystemConnector({ root: options.fsRoot, maxBytes: options.maxBytes }))] : []),
    anyConnector(webConnector({ allowPrivate: options.allowPrivateWeb, allowHosts: options.allowWebHosts, timeoutMs: options.webTimeoutMs, maxBytes: options.maxBytes })),
    anyConnector(githubConnector({ baseUrl: options.githubBaseUrl })),
  ];
}
