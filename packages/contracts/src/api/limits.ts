/** Input bounds the spec leaves open; chosen to protect the service (docs/decisions.md). */
export const LIMITS = {
  idLength: 200,
  messageLength: 100_000,
  queryLength: 10_000,
  projectNameInput: 10_000,
  externalIdLength: 2_048,
  timestampLength: 64,
  messagesDefaultLimit: 50,
  messagesMaxLimit: 200,
  activityDefaultLimit: 15,
  activityMaxLimit: 50,
  connectorPageSizeDefault: 20,
  connectorPageSizeMax: 100,
  efficiencyDefaultWindowSeconds: 7 * 24 * 3600,
} as const;
