import type { z } from 'zod';

export interface CredentialField {
  name: string;
  description: string;
  required: boolean;
  secret: boolean;
}

/** A document as a connector lists it. */
export interface ConnectorDocument {
  external_id: string;
  title: string;
  mime_type: string;
  source_url: string;
  metadata: Record<string, unknown>;
}

/** A fetched document: its listing fields and its bytes. */
export interface FetchedDocument extends ConnectorDocument {
  content: Buffer;
}

export interface Connector<Credentials extends Record<string, unknown> = Record<string, unknown>> {
  readonly type: string;
  readonly displayName: string;
  readonly credentialFields: readonly CredentialField[];
  /** Validates the credentials object (the API reports failures as 422 at body.credentials). */
  readonly credentials: z.ZodType<Credentials>;
  list(credentials: Credentials, query: string | null, pageSize: number): Promise<ConnectorDocument[]>;
  /** Refuses, cheaply and before anything is stored, an external id this connector will never fetch. */
  check(credentials: Credentials, externalId: string): Promise<void>;
  fetch(credentials: Credentials, externalId: string): Promise<FetchedDocument>;
}

/** The request can never succeed as asked (outside the root, a private address, too large, unsupported): a 4xx, no retry. */
export class DocumentRefused extends Error {
  override readonly name = 'DocumentRefused';
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

/** The external service refused the credentials. Messages never contain them. */
export class CredentialsRejected extends Error {
  override readonly name = 'CredentialsRejected';
}

/** The external service failed or timed out: worth retrying. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
}

/**
 * The document did not arrive, or could not be parsed, within its time or
 * memory bound. Permanent: a server that dribbles, or a file that expands
 * without end, does the same on every retry.
 */
export class DocumentOverLimit extends Error {
  override readonly name = 'DocumentOverLimit';
}

/** The bytes are not a document we can read (garbage, empty, unsupported type). */
export class UnparseableDocument extends Error {
  override readonly name = 'UnparseableDocument';
}

export const isPermanent = (error: unknown) =>
  error instanceof DocumentRefused || error instanceof CredentialsRejected || error instanceof UnparseableDocument || error instanceof DocumentOverLimit;
