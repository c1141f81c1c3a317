import { z } from 'zod';
import { SETTINGS, type SettingValues } from './settings.js';

/** Everything a memctx process reads from its environment, validated once at start-up (`SETTINGS` declares each). */
export type Config = Readonly<
  Omit<SettingValues, 'bodyLimit'> & {
    /** As written, e.g. "1mb", for messages. */
    bodyLimit: string;
    /** What the body parser enforces. */
    bodyLimitBytes: number;
    /** True when no database URL is set: PGlite and an in-process queue, no servers. */
    embedded: boolean;
  }
>;

/** Thrown by `loadConfig`; the message holds one line per bad variable so an operator can fix them all at once. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

const entries = Object.entries(SETTINGS) as Array<[keyof typeof SETTINGS, (typeof SETTINGS)[keyof typeof SETTINGS]]>;
/** Keyed by variable, so a problem's path names the variable the operator set. */
const environmentSchema = z.object(Object.fromEntries(entries.map(([, setting]) => [setting.variable, setting.schema])));
type VariableName = (typeof SETTINGS)[keyof typeof SETTINGS]['variable'];

// Their values end up in logs when start-up fails, so they are never echoed.
const SECRET_VARIABLES: ReadonlySet<string> = new Set(entries.filter(([, setting]) => 'secret' in setting && setting.secret).map(([, setting]) => setting.variable));

export const CONFIG_VARIABLES: readonly VariableName[] = entries.map(([, setting]) => setting.variable);

/**
 * MEMCTX_ names read by memctx's tools rather than by the service (the CLI and client, tests, benchmarks,
 * the fuzz suite), so a shell that exports them for those is not warned about them.
 */
const TOOL_VARIABLES: ReadonlySet<string> = new Set(['MEMCTX_URL', 'MEMCTX_API_KEY', 'MEMCTX_DASHBOARD_SCREENSHOT', 'MEMCTX_CHROMIUM']);
const TOOL_PREFIXES = ['MEMCTX_TEST_', 'MEMCTX_BENCH_', 'MEMCTX_FUZZ_', 'MEMCTX_LOCOMO_'];
/** Settings that were renamed: the hint names the new one even when the spelling is far from it. */
const RENAMED: Readonly<Record<string, VariableName>> = { MEMCTX_EMBED_FULL_EXCHANGE: 'MEMCTX_EMBED_REPLIES' };

/**
 * One warning per MEMCTX_ variable that is no setting, with the closest known name: a misspelt
 * setting would otherwise silently keep its default.
 */
export function unknownVariableWarnings(env: Readonly<Record<string, string | undefined>>): string[] {
  const known = new Set<string>(CONFIG_VARIABLES);
  return Object.keys(env)
    .filter((name) => name.startsWith('MEMCTX_') && !known.has(name) && !TOOL_VARIABLES.has(name))
    .filter((name) => !TOOL_PREFIXES.some((prefix) => name.startsWith(prefix)))
    .sort()
    .map((name) => `${name} is not a memctx setting (did you mean ${RENAMED[name] ?? closestName(name)}?)`);
}

function closestName(name: string): string {
  const candidates = CONFIG_VARIABLES.filter((candidate) => candidate.startsWith('MEMCTX_'));
  let best: string = candidates[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Levenshtein distance; the names are short and few, so the plain two-row table is enough. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export interface LoadConfigOptions {
  /** Told each warning (an unknown MEMCTX_ variable); defaults to a line on stderr. */
  onWarning?: (line: string) => void;
}

/** Rules across settings: each returns its problem, or nothing. */
const RULES: ReadonlyArray<(values: SettingValues) => string | undefined> = [
  (values) => {
    const because = [
      ...(values.roles.includes('relay') ? ['MEMCTX_ROLES includes relay'] : []),
      ...(values.projectorSource === 'kafka' ? ['MEMCTX_PROJECTOR_SOURCE is kafka'] : []),
    ];
    return because.length > 0 && values.kafkaBrokers.length === 0 ? `MEMCTX_KAFKA_BROKERS: required because ${because.join(' and ')} (got undefined)` : undefined;
  },
  (values) => values.eventStore === 'kurrentdb' && !values.kurrentDbUrl
    ? 'KURRENTDB_URL: required because MEMCTX_EVENT_STORE is kurrentdb, e.g. kurrentdb://host:2113?tls=false (got undefined)'
    : undefined,
  // The embedded mode is the no-server mode; read models, checkpoints and session keys need PostgreSQL beside KurrentDB.
  (values) => values.eventStore === 'kurrentdb' && values.databaseUrl === undefined
    ? 'MEMCTX_EVENT_STORE: kurrentdb needs a PostgreSQL server (MEMCTX_DATABASE_URL) for read models and session keys; the embedded database keeps its own events (got "kurrentdb")'
    : undefined,
  (values) => values.projectorSource === 'kafka' && values.databaseUrl === undefined
    ? 'MEMCTX_PROJECTOR_SOURCE: kafka needs a PostgreSQL server (MEMCTX_DATABASE_URL); the embedded database reads the feed (got "kafka")'
    : undefined,
];

/**
 * Reads the configuration from environment variables. An empty variable counts as
 * unset, because `FOO=` in a compose file or shell usually means "no value".
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env, options: LoadConfigOptions = {}): Config {
  const warn = options.onWarning ?? ((line: string) => void process.stderr.write(`memctx: warning: ${line}\n`));
  for (const line of unknownVariableWarnings(env)) warn(line);
  const present = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, env[name]?.trim() === '' ? undefined : env[name]]));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(describeProblems(parsed.error.issues, present));
  const byVariable = parsed.data as Record<string, unknown>;
  // Arrays are frozen too, so no part of the configuration changes after start-up.
  const values = Object.fromEntries(
    entries.map(([key, setting]) => [key, Array.isArray(byVariable[setting.variable]) ? Object.freeze(byVariable[setting.variable]) : byVariable[setting.variable]]),
  ) as unknown as SettingValues;
  // The first broken rule is reported alone: the others often follow from it.
  const broken = RULES.map((rule) => rule(values)).find((problem) => problem !== undefined);
  if (broken) throw new ConfigError([broken]);
  return Object.freeze({
    ...values,
    bodyLimit: values.bodyLimit.text,
    bodyLimitBytes: values.bodyLimit.bytes,
    embedded: values.databaseUrl === undefined,
  });
}

/** One line per bad variable: a list of roles with two unknown roles is still one problem. */
function describeProblems(issues: readonly z.core.$ZodIssue[], values: Record<string, string | undefined>): string[] {
  const problems = new Map<string, string>();
  for (const issue of issues) {
    const name = String(issue.path[0]);
    if (problems.has(name)) continue;
    const value = SECRET_VARIABLES.has(name) ? '(value not shown)' : `(got ${JSON.stringify(values[name])})`;
    problems.set(name, `${name}: ${issue.message} ${value}`);
  }
  return [...problems.values()];
}
