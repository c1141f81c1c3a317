import { once } from 'node:events';
import { EXPORT_MEDIA_TYPE, exportMemory } from '@memctx/contracts';
import type { Response } from 'express';
import type { RouteModule } from '../http/endpoints.js';
import type { FeatureDeps } from './deps.js';
import { fresh } from './guards.js';

/** Writes one JSON line per item, waiting for the socket when its buffer is full; stops if the client leaves. */
async function writeLines(res: Response, lines: AsyncIterable<unknown>): Promise<void> {
  const closed = once(res, 'close');
  for await (const line of lines) {
    if (res.destroyed) return;
    if (!res.write(`${JSON.stringify(line)}\n`)) await Promise.race([once(res, 'drain'), closed]);
  }
  res.end();
}

export function exportRoutes(deps: FeatureDeps): RouteModule {
  return (routes) => {
    routes.endpoint(exportMemory, async (_input, { auth, req, res }) => {
      await fresh(deps, auth.userId, req, res);
      res.status(200).type(EXPORT_MEDIA_TYPE).set('Content-Disposition', 'attachment; filename="memctx-export.jsonl"');
      await writeLines(res, deps.reads.exportUser(auth.userId));
      // Streamed already: the mounter sees the headers sent and adds nothing.
      return undefined as never;
    });
  };
}
