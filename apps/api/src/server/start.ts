import type { Server } from 'node:http';
import { startProjectorRole } from '@memctx/projector';
import { startRelayRole } from '@memctx/relay';
import { startProcess, type Runtime } from '@memctx/runtime';
import type { Config, Logger } from '@memctx/shared';
import { startWorkerRole } from '@memctx/worker';
import { startApiRole } from './api-role.js';

export interface RunningServer {
  runtime: Runtime;
  server: Server | undefined;
  url: string | undefined;
  stop(): Promise<void>;
}

/** Every role an app offers, for the one binary that runs the roles MEMCTX_ROLES lists (the embedded default: api, projector, worker). */
export const ALL_ROLES = { api: startApiRole, projector: startProjectorRole, worker: startWorkerRole, relay: startRelayRole };

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const running = await startProcess(config, logger, ALL_ROLES);
  return { runtime: running.runtime, server: running.roles.api?.server, url: running.roles.api?.url, stop: running.stop };
}
