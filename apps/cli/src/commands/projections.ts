import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { createPgliteDb, createPostgresDb, type Db } from '@memctx/db';
import { START, createPostgresEventStore, migrateEventStore, type EventStore } from '@memctx/event-store';
import { createKurrentDbEventStore } from '@memctx/event-store-kurrentdb';
import {
  discardGeneration, ensureActiveGeneration, listGenerations, migrateGenerations, projectionStatus, rebuildProjection, type Projection, type RebuildResult,
} from '@memctx/projections';
import { allProjections, projectionNamed } from '@memctx/read-models';
import { ConfigError, dependencyFailure, loadConfig, parseSealingKey, retryWithBackoff, type Config } from '@memctx/shared';
import { openShreddingStore } from '@memctx/shredding';
import type { CommandGroup } from '../command.js';
import { CliError, EXIT, usageError, type CliIo } from '../io.js';

const HELP = `Inspect and rebuild the read-model projections (talks to the database directly).

Usage:
  memctx projections status [--json]          checkpoint, head and lag (events, seconds) per projection
  memctx projections rebuild <name>|all       replay into new tables, switch over when caught up

Rebuilds are blue/green: live reads keep being served from the current tables until the
new ones have caught up; no side effect (jobs, Kafka) fires again. If the database goes
away mid-rebuild, the rebuild waits for it (up to 2 minutes) and rebuilds that projection
again; the tables served never change before a switch-over.

Environment:
  MEMCTX_DATABASE_URL   the PostgreSQL database of the deployment
  MEMCTX_DATA_DIR       without a URL: the embedded PGlite data directory (stop the server first)
  MEMCTX_CREDENTIALS_KEY  the deployment's key, when it has one: it unwraps the session keys a rebuild reads
  MEMCTX_EVENT_STORE    postgres (default) or kurrentdb: where the deployment keeps its events
  KURRENTDB_URL         with kurrentdb: its connection string`;

/**
 * The deployment's settings, read through the schema the services use: a value the service would refuse
 * is refused here with the same message, before anything is opened.
 */
function deploymentConfig(io: CliIo): Config {
  try {
    return loadConfig(io.env, { onWarning: (line) => io.stderr(`memctx: warning: ${line}\n`) });
  } catch (error) {
    if (error instanceof ConfigError) throw usageError(`invalid configuration:\n${error.message}`);
    throw error;
  }
}

async function openDatabase(config: Config): Promise<Db> {
  if (config.databaseUrl) return createPostgresDb({ connectionString: config.databaseUrl, maxConnections: 4, applicationName: 'memctx-cli' });
  return createPgliteDb({ dataDir: config.dataDir });
}

/**
 * The deployment's events, where the services keep them: replaying the PostgreSQL table of a
 * KurrentDB deployment would rebuild empty read models and switch to them.
 */
function openEvents(db: Db, config: Config): { events: EventStore; close(): Promise<void> } {
  if (config.eventStore === 'postgres') return { events: createPostgresEventStore(db), close: async () => undefined };
  // loadConfig refuses kurrentdb without a URL.
  const store = createKurrentDbEventStore({ connectionString: config.kurrentDbUrl!.replace(/^esdb(\+discover)?:/i, 'kurrentdb$1:') });
  return { events: store, close: () => store.close() };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}

async function status(db: Db, store: EventStore, io: CliIo, json: boolean): Promise<number> {
  const statuses = await projectionStatus(db, store, allProjections);
  if (json) {
    io.stdout(`${JSON.stringify(statuses, null, 2)}\n`);
    return EXIT.ok;
  }
  io.stdout(
    `${table([
      ['PROJECTION', 'GENERATION', 'STATUS', 'VERSION', 'CHECKPOINT', 'HEAD', 'LAG_EVENTS', 'LAG_SECONDS'],
      ...statuses.map((s) => [
        s.name, String(s.generation ?? '-'), s.status, s.version === s.expectedVersion ? String(s.version) : `${s.version ?? '-'} (code ${s.expectedVersion})`,
        String(s.checkpoint), String(s.head), String(s.lagEvents), s.lagSeconds.toFixed(1),
      ]),
    ])}\n`,
  );
  return EXIT.ok;
}

/** How long a rebuild waits for a database that went away before it gives up. */
const DATABASE_WAIT_MS = 120_000;

/**
 * One projection's rebuild, run again from the start when the database goes away under it (a restart, a
 * failover): the generation it was filling is dropped once the database answers (its lanes do not commit
 * with their checkpoint, so it cannot be resumed). The served tables never change until a switch-over, so
 * whatever stops it leaves them as they were.
 */
async function rebuildRetrying(db: Db, io: CliIo, projection: Projection, run: () => Promise<RebuildResult>): Promise<RebuildResult> {
  const giveUpAt = Date.now() + DATABASE_WAIT_MS;
  const unchanged = `the ${projection.name} read model served is unchanged`;
  for (;;) {
    // Generations above this one that are still building when the attempt failed are the attempt's own.
    let newest: number | undefined;
    try {
      newest = Math.max(0, ...(await listGenerations(db, projection.name)).map((g) => g.generation));
      return await run();
    } catch (error) {
      if (!dependencyFailure(error)) throw error;
      io.stderr(`memctx: the database went away while rebuilding ${projection.name} (${(error as Error).message}); ${unchanged}, rebuilding it again once the database answers\n`);
      await retryWithBackoff(async () => {
        if (Date.now() > giveUpAt) throw new CliError(`the database did not come back within ${DATABASE_WAIT_MS / 1000} s; ${unchanged}; run the rebuild again`);
        for (const left of await listGenerations(db, projection.name)) {
          if (newest !== undefined && left.generation > newest && left.status === 'building') await discardGeneration(db, projection.name, left.generation);
        }
      }, { baseMs: 250, capMs: 2_000, stopped: () => Date.now() > giveUpAt });
    }
  }
}

async function rebuild(db: Db, events: EventStore, io: CliIo, config: Config, projections: readonly Projection[], showBar: boolean): Promise<number> {
  await migrateEventStore(db);
  // Replays see what projectors see: personal fields opened, purged sessions' fields as placeholders.
  const { store } = await openShreddingStore(db, { masterKey: parseSealingKey(config.credentialsKey, 'MEMCTX_CREDENTIALS_KEY'), events });
  await migrateGenerations(db);
  const total = await store.countAfter(START);
  for (const projection of projections) {
    await ensureActiveGeneration(db, projection);
    const bar = showBar
      ? new cliProgress.SingleBar(
        { format: `${projection.name.padEnd(16)} [{bar}] {percentage}% | {value}/{total} events | {rate} events/s | {phase} | {eta}s left` },
        cliProgress.Presets.shades_classic,
      )
      : undefined;
    // The rate over the whole replay so far: steadier than the bar's own ETA smoothing, and the figure to compare with the benchmark.
    const started = performance.now();
    const rateAt = (processed: number) => Math.round(processed / Math.max((performance.now() - started) / 1000, 0.001));
    bar?.start(Math.max(total, 1), 0, { rate: 0, phase: 'replaying' });
    const result = await rebuildRetrying(db, io, projection, () => rebuildProjection(db, store, projection, {
      onProgress: (progress) => {
        if (progress.processed > (bar?.getTotal() ?? 0)) bar?.setTotal(progress.processed);
        bar?.update(progress.processed, { rate: rateAt(progress.processed), phase: progress.phase });
      },
    })).finally(() => bar?.stop());
    const rate = result.seconds > 0 ? Math.round(result.events / result.seconds) : result.events;
    io.stdout(
      `${projection.name}: generation ${result.from ?? '-'} -> ${result.to}, ${result.events} events in ${result.seconds.toFixed(1)} s (${rate} events/s)\n`,
    );
  }
  return EXIT.ok;
}

export const projectionsCommand: CommandGroup = {
  name: 'projections',
  summary: 'projection status and blue/green rebuilds',
  help: HELP,
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({ args: [...args], options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    } catch (error) {
      throw usageError(`${(error as Error).message}\n\n${HELP}`);
    }
    const [sub, target, ...extra] = parsed.positionals;
    if (parsed.values.help || sub === undefined) {
      io.stdout(`${HELP}\n`);
      return sub === undefined && !parsed.values.help ? EXIT.usage : EXIT.ok;
    }
    if (extra.length > 0) throw usageError(`unexpected argument '${extra[0]}'\n\n${HELP}`);
    let projections: readonly Projection[] = [];
    if (sub === 'rebuild') {
      if (!target) throw usageError(`rebuild needs a projection name or 'all' (${allProjections.map((p) => p.name).join(', ')})`);
      const named = projectionNamed(target);
      if (target !== 'all' && !named) throw usageError(`unknown projection '${target}' (${allProjections.map((p) => p.name).join(', ')})`);
      projections = target === 'all' ? allProjections : [named!];
    } else if (sub !== 'status') {
      throw usageError(`unknown subcommand '${sub}'\n\n${HELP}`);
    }
    const config = deploymentConfig(io);
    const db = await openDatabase(config).catch((error: unknown) => {
      throw new CliError(`cannot open the database: ${(error as Error).message}`);
    });
    try {
      const { events, close } = openEvents(db, config);
      try {
        if (sub === 'status') return await status(db, events, io, parsed.values.json ?? false);
        return await rebuild(db, events, io, config, projections, !(parsed.values.json ?? false) && process.stderr.isTTY === true);
      } finally {
        await close();
      }
    } finally {
      await db.close();
    }
  },
};
