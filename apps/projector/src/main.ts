#!/usr/bin/env node
// The projector role alone: `node apps/projector/dist/main.js` (MEMCTX_ROLES does not apply).
import { runMain, startProcess } from '@memctx/runtime';
import { startProjectorRole } from './role.js';

runMain({ role: 'projector', start: (config, logger) => startProcess(config, logger, { projector: startProjectorRole }) });
