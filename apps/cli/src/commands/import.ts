import { createReadStream } from 'node:fs';
import { MemctxApiError } from '@memctx/client';
import { createInterface } from 'node:readline';
import type { CommandGroup } from '../command.js';
import { planImport } from '../import-plan.js';
import { restoreSources } from '../import-sources.js';
import { CliError, EXIT, usageError } from '../io.js';
import { userClientFromEnv } from '../user-client.js';

const HELP = `Restore an export (GET /api/v1/export) into the memctx at MEMCTX_URL, as the user of MEMCTX_API_KEY.

Usage:
  memctx import <file.jsonl>

Projects get new ids (or join a project of the same name); sessions keep theirs.
Rounds, generated statements and sources are sent with Idempotency-Keys derived
from the export, so running an import again (after a 429 quota stop, say) continues
where it stopped without duplicating anything.
Sources are fetched again by their connector where this memctx offers it and it
needs no credentials (web, filesystem): the document is stored as it is now, so its
chunks can differ from the exported ones. Sources of connectors that need
credentials (github), or that cannot be fetched any more, are listed, not restored;
sources that had failed are not requested.

Environment:
  MEMCTX_URL       server address (default http://127.0.0.1:8080)
  MEMCTX_API_KEY   a user API key (required)`;

async function readLines(file: string): Promise<Array<{ type: string } & Record<string, unknown>>> {
  const lines = [];
  try {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (line.trim() !== '') lines.push(JSON.parse(line));
    }
  } catch (error) {
    throw usageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return lines;
}

export const importCommand: CommandGroup = {
  name: 'import',
  summary: 'restore an export file through the API (MEMCTX_URL, MEMCTX_API_KEY)',
  help: HELP,
  async run(args, io) {
    if (args[0] === '--help' || args[0] === '-h') {
      io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    if (args.length !== 1) throw usageError(`import takes one file\n\n${HELP}`);
    const client = userClientFromEnv(io);
    const plan = planImport(await readLines(args[0]!));

    const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        throw new CliError(`${what}: ${(error as Error).message}`);
      }
    };
    // Projects have no idempotency key, so a project of the same name is taken as the one an earlier run made.
    const existing = new Map<string, string>();
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const page = await call('listing projects', () => client.listProjects({ limit: 200, cursor }));
      for (const project of page.projects) if (!existing.has(project.name)) existing.set(project.name, project.id);
      cursor = page.next_cursor ?? undefined;
    }
    const projectIds = new Map<string, string>();
    for (const project of plan.projects) {
      const id = existing.get(project.name) ?? (await call(`project ${project.name}`, () => client.createProject(project.name))).id;
      existing.set(project.name, id);
      projectIds.set(project.id, id);
    }
    for (const { key, project_id, ...round } of plan.rounds) {
      const projectId = project_id ? (projectIds.get(project_id) ?? null) : null;
      await call(`round of session ${round.session_id}`, () => client.ingestRound({ ...round, project_id: projectId }, { idempotencyKey: key }));
    }
    for (const { key, ...statement } of plan.generated) {
      await call(`statement of session ${statement.session_id}`, () => client.recordGenerated(statement, { idempotencyKey: key }));
    }
    const sources = await call('restoring sources', () => restoreSources(client, plan.sources));
    for (const sessionId of plan.deletedSessions) {
      // 404: an earlier run deleted it already.
      await call(`delete of session ${sessionId}`, () => client.deleteSession(sessionId).catch((error) => {
        if (!(error instanceof MemctxApiError && error.status === 404)) throw error;
      }));
    }

    const exportedChunks = plan.sources.reduce((sum, source) => sum + source.exported_chunks, 0);
    io.stdout(
      `Imported ${plan.projects.length} projects, ${plan.rounds.length} rounds, ${plan.generated.length} generated statements; ` +
        `fetched ${sources.restored} of ${plan.sources.length} sources again (${sources.chunks} chunks; the export had ${exportedChunks})` +
        `${sources.pending > 0 ? `, ${sources.pending} still being fetched` : ''}; deleted ${plan.deletedSessions.length} sessions again.\n`,
    );
    for (const { source, reason } of sources.skipped) io.stderr(`Not restored: ${source.connector_type} source ${source.external_id} (${source.exported_chunks} chunks): ${reason}\n`);
    if (plan.skipped.failedSources > 0) io.stderr(`Not requested: ${plan.skipped.failedSources} sources that had failed.\n`);
    return EXIT.ok;
  },
};
