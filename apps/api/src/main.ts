#!/usr/bin/env node
// The one binary of the embedded default: the roles MEMCTX_ROLES lists (api, projector and worker when unset), in one process.
import { runMain } from '@memctx/runtime';
import { startServer } from './server/start.js';

runMain({ start: startServer });
