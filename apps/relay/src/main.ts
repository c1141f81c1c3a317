#!/usr/bin/env node
// The relay role alone: `node apps/relay/dist/main.js` (MEMCTX_ROLES does not apply).
import { runMain, startProcess } from '@memctx/runtime';
import { startRelayRole } from './role.js';

runMain({ role: 'relay', start: (config, logger) => startProcess(config, logger, { relay: startRelayRole }) });
