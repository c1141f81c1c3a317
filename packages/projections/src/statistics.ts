import type { Db, Queryable } from '@memctx/db';
import type { Projection } from './projection.js';
import { activeGeneration } from './generations.js';

/*
 * The planner's statistics of the read models, kept by the projector. A table never analysed is planned as if it held
 * a handful of rows: a SIP's count of a rare word then walks a partial index computing every record's lexeme keys
 * instead of reading the GIN (hundreds of ms once a store holds a few thousand records). PostgreSQL's autovacuum would
 * analyse it, but it may be off (as on the machines CI runs on) and it never runs in PGlite, the embedded default.
 * The rule is autovacuum's own: analyse when the rows changed since the last analysis pass 50 + 10 % of the table,
 * and, like autovacuum's naptime, not again within a minute of the last analysis: a young table that grows fast would
 * otherwise be analysed at every check, and once it has statistics the planner scales them to the table's size. A
 * table never analysed is analysed at the first check. Where autovacuum runs too, the second one finds nothing to do.
 */
const BASE_THRESHOLD = 50;
const SCALE_FACTOR = 0.1;
const MIN_INTERVAL_SECONDS = 60;
/** How often the projector looks at its tables' change counters. */
const STATISTICS_CHECK_MS = 10_000;

/** Analyses the given tables of a generation's schema now (a rebuilt generation before it serves reads). */
export async function analyseTables(db: Queryable, schemaName: string, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.exec(`ANALYZE ${schemaName}.${table}`);
}

/**
 * The tables of a schema whose changes since their last analysis call for another, `minIntervalSeconds` or more after
 * it; analyses them, answers their names.
 */
export async function analyseChanged(db: Db, schemaName: string, tables: readonly string[], minIntervalSeconds = MIN_INTERVAL_SECONDS): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Two projector processes checking at once: one analyses, the other passes.
    const { rows: [lock] } = await tx.query<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS taken', [`memctx:analyse:${schemaName}`]);
    if (!lock?.taken) return [];
    const { rows } = await tx.query<{ relname: string }>(
      `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE s.schemaname = $1 AND s.relname = ANY($2::text[])
         AND s.n_mod_since_analyze > ${BASE_THRESHOLD} + ${SCALE_FACTOR} * greatest(c.reltuples, 0)
         AND (c.reltuples < 0 OR coalesce(greatest(s.last_analyze, s.last_autoanalyze), '-infinity') < now() - make_interval(secs => $3))`,
      [schemaName, tables, minIntervalSeconds],
    );
    const changed = rows.map((row) => row.relname);
    await analyseTables(tx, schemaName, changed);
    return changed;
  });
}

export interface StatisticsKeeper {
  /** Waits for an analysis in progress. */
  stop(): Promise<void>;
}

/** Every `everyMs`, analyses the tables of each projection's active generation that changed enough (analyseChanged). */
export function keepStatistics(
  db: Db,
  projections: readonly Projection[],
  options: {
    everyMs?: number;
    minIntervalSeconds?: number;
    onAnalysed?: (schemaName: string, tables: string[]) => void;
    onError?: (error: unknown) => void;
  } = {},
): StatisticsKeeper {
  let running: Promise<void> | undefined;
  const check = async () => {
    for (const projection of projections) {
      const generation = await activeGeneration(db, projection.name);
      if (!generation) continue;
      const analysed = await analyseChanged(db, generation.schemaName, projection.tables, options.minIntervalSeconds);
      if (analysed.length > 0) options.onAnalysed?.(generation.schemaName, analysed);
    }
  };
  const timer = setInterval(() => {
    // A check that outlasts the interval (a large table's analysis) is not queued behind.
    running ??= check().catch((error: unknown) => options.onError?.(error)).finally(() => (running = undefined));
  }, options.everyMs ?? STATISTICS_CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
