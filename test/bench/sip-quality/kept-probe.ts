/**
 * What the study tools open of a probe kept by `test/bench/locomo/probe.ts post` or `test/bench/memory/probe.ts post`:
 * its database (`MEMCTX_PROBE_DATABASE`), the state file the post wrote beside it, and the local model, so they run
 * the build's own `rankForQuery` in process over what was posted.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createPostgresDb } from '@memctx/db';
import { createTransformersEmbedder } from '@memctx/embeddings';
import type { RetrievalScope } from '@memctx/read-models';

export async function openKeptProbe<State>(defaultName: string) {
  const name = process.env.MEMCTX_PROBE_DATABASE ?? defaultName;
  const state = JSON.parse(readFileSync(`/tmp/${name}.json`, 'utf8')) as State;
  const db = createPostgresDb({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
  const embedder = await createTransformersEmbedder({ modelsDir: resolve(import.meta.dirname, '../../../models') });
  return { name, state, db, embedder };
}

/** A LoCoMo probe posts each sample into a project of its own, in the order the dump first names the samples. */
export function locomoScopes(projects: readonly string[], rows: readonly { sample: string }[]): (sample: string) => RetrievalScope {
  const samples = [...new Set(rows.map((row) => row.sample))];
  return (sample) => ({ userId: 'locomo', projectId: projects[samples.indexOf(sample)]!, includeGlobal: false });
}
