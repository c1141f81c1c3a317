import type { z } from 'zod';

export interface CredentialFieldInfo {
  name: string;
  description: string;
  required: boolean;
  secret: boolean;
}

export interface ConnectorInfo {
  connector_type: string;
  name: string;
  credential_fields: CredentialFieldInfo[];
}

export interface ListedDocument {
  external_id: string;
  title: string;
  mime_type: string;
  source_url: string;
  metadata: Record<string, unknown>;
}

/** What the API needs of one connector: its credential schema, listing, and a cheap check of an external id before anything is stored. */
export interface ConnectorAccess {
  credentials: z.ZodType<Record<string, unknown>>;
  list(credentials: Record<string, unknown>, query: string | null, pageSize: number): Promise<ListedDocument[]>;
  /** Throws a refusal (a 4xx) for an external id the connector will never fetch: outside the root, a private address... */
  check(credentials: Record<string, unknown>, externalId: string): Promise<void>;
}

/** The connectors this deployment offers; the runtime adapts @memctx/connectors to it. */
export interface ConnectorDirectory {
  catalog(): readonly ConnectorInfo[];
  get(connectorType: string): ConnectorAccess | undefined;
  /** The HTTP answer for an error a connector threw, or undefined for an unexpected one (a 500). */
  statusOf(error: unknown): { status: number; detail: string } | undefined;
}

export const emptyConnectorDirectory: ConnectorDirectory = { catalog: () => [], get: () => undefined, statusOf: () => undefined };
