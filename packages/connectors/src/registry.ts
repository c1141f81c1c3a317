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

export function defaultConnectors(options: DefaultConnectorOptions): Connector[] {
  return [
    ...(options.fsRoot ? [filesystemConnector({ root: options.fsRoot, maxBytes: options.maxBytes }) as unknown as Connector] : []),
    webConnector({ allowPrivate: options.allowPrivateWeb, allowHosts: options.allowWebHosts, timeoutMs: options.webTimeoutMs, maxBytes: options.maxBytes }) as unknown as Connector,
    githubConnector({ baseUrl: options.githubBaseUrl }) as unknown as Connector,
  ];
}
