#!/usr/bin/env node
// The worker role alone: `node apps/worker/dist/main.js` (MEMCTX_ROLES does not apply).
import { runMain, startProcess } from '@memctx/runtime';
import { startWorkerRole } from './role.js';

runMain({ role: 'worker', start: (config, logger) => startProcess(config, logger, { worker: startWorkerRole }) });
