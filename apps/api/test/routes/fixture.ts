import { createMemoryService } from '@memctx/commands';
import { createInMemoryEventStore, START, type EventStore, type RecordedEvent } from '@memctx/event-store';
import { DEFAULT_SIP_SETTINGS } from '@memctx/sip';
import { afterAll, beforeAll, expect } from 'vitest';
import { createInMemoryApiKeyStore, emptyConnectorDirectory, type ApiKeyStore, featureRoutes, type ConnectorDirectory, type FeatureDeps } from '../../src/index.js';
import { sessionProjectLookup } from '../../src/routes/session-project.js';
import { bearer, call, startApp, type CallResult, type RunningApp } from '../helpers.js';
import { createInMemoryReads, type InMemoryReads } from './in-memory-reads.js';
import { createInMemoryCredentials, createInMemoryIdempotency, createInMemoryQuota, createRecordedWrites } from './in-memory-stores.js';

export const ALICE = 'alice';
export const BOB = 'bob';

export interface RouteFixtureOptions {
  dailyQuota?: number;
  connectors?: ConnectorDirectory;
  ingestWaitMs?: number;
  sipBudgetTokens?: number;
}

/** The app with every feature route on in-memory stores, and a full-access key for each of two users. */
export interface RouteFixture extends InMemoryReads {
  app: RunningApp;
  store: EventStore;
  service: FeatureDeps['service'];
  writes: ReturnType<typeof createRecordedWrites>['writes'];
  credentials: ReturnType<typeof createInMemoryCredentials>;
  settings: FeatureDeps['sip']['settings'];
  keys: Record<typeof ALICE | typeof BOB, string>;
  keyStore: ApiKeyStore;
  /** A request with this API key to a path under the app. */
  withKey(apiKey: string, path: string, init?: RequestInit & { json?: unknown }): Promise<CallResult>;
  /** A request as `user` (alice or bob), with a full-access key. */
  as(user: typeof ALICE | typeof BOB, path: string, init?: RequestInit & { json?: unknown }): Promise<CallResult>;
  /** Every event stored, in feed order. */
  events(): Promise<RecordedEvent[]>;
}

export async function startRouteFixture(options: RouteFixtureOptions = {}): Promise<RouteFixture> {
  const store = createInMemoryEventStore();
  const service = createMemoryService({ store, sessionRetentionMs: 3_600_000 });
  const memory = createInMemoryReads();
  const readYourWrites = createRecordedWrites();
  const credentials = createInMemoryCredentials();
  const settings = { ...DEFAULT_SIP_SETTINGS, budgetTokens: options.sipBudgetTokens ?? DEFAULT_SIP_SETTINGS.budgetTokens };
  const directory = options.connectors ?? emptyConnectorDirectory;
  const features: FeatureDeps = {
    reads: memory.reads,
    service,
    quota: createInMemoryQuota(options.dailyQuota ?? 1_000),
    idempotency: createInMemoryIdempotency(),
    readYourWrites,
    sip: { settings },
    connectors: { directory, credentials, ingestWaitMs: options.ingestWaitMs ?? 0 },
  };
  const keyStore = createInMemoryApiKeyStore();
  const keys = { [ALICE]: (await keyStore.create(ALICE)).apiKey, [BOB]: (await keyStore.create(BOB)).apiKey };
  const app = await startApp({ keyStore, connectors: directory, routes: featureRoutes(features), sessionProject: sessionProjectLookup(features), env: { MEMCTX_BODY_LIMIT: '64kb' } });
  const withKey: RouteFixture['withKey'] = (apiKey, path, init = {}) => call(`${app.url}${path}`, { ...init, headers: { ...bearer(apiKey), ...init.headers } });
  return {
    ...memory,
    app,
    store,
    service,
    writes: readYourWrites.writes,
    credentials,
    settings,
    keys,
    keyStore,
    withKey,
    as: (user, path, init) => withKey(keys[user], path, init),
    events: () => store.readAll({ after: START, maxCount: 10_000 }),
  };
}

/** One fixture per test file: started before its tests, closed after them. */
export function useRouteFixture(options: RouteFixtureOptions = {}): () => RouteFixture {
  let fixture: RouteFixture | undefined;
  beforeAll(async () => {
    fixture = await startRouteFixture(options);
  });
  afterAll(() => fixture?.app.close());
  return () => {
    if (!fixture) throw new Error('the route fixture starts before the tests');
    return fixture;
  };
}

/** An error of the documented validation shape (422, FastAPI's `detail` list) at this location. */
export const validationErrorAt = (...loc: Array<string | number>) => ({
  status: 422,
  body: { detail: expect.arrayContaining([expect.objectContaining({ loc, msg: expect.any(String), type: expect.any(String) })]) },
});
