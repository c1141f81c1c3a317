import { resolve } from 'node:path';

/** Where CI's infra/scripts/fetch-model.sh put the model (or MEMCTX_MODELS_DIR). */
export const MODELS_DIR = resolve(import.meta.dirname, '../../..', process.env.MEMCTX_MODELS_DIR ?? 'models');
