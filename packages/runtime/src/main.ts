import { startTracing } from './tracing.js';
import { ConfigError, createLogger, loadConfig, StartupError, type Config, type Logger, type Role } from '@memctx/shared';

/** How long a stop may take before the process exits anyway (the API itself forces its last connections closed at 8 s). */
const SHUTDOWN_LIMIT_MS = 9_500;

export interface MainOptions {
  /** The one role this entry point runs, whatever MEMCTX_ROLES says; absent: the roles MEMCTX_ROLES lists. */
  role?: Role;
  start(config: Config, logger: Logger): Promise<{ stop(): Promise<void> }>;
}

/**
 * What every memctx entry point does around its roles: configuration (exit 2 with one line per problem),
 * the JSON logger, a clean stop on SIGTERM/SIGINT, and exit 2 with one line when start-up is refused.
 */
export function runMain(options: MainOptions): void {
  main(options).catch((error: unknown) => {
    if (error instanceof StartupError) {
      process.stderr.write(`memctx: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`memctx: failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exit(1);
  });
}

async function main(options: MainOptions): Promise<void> {
  let config: Config;
  // Logged once the logger exists, so they are JSON lines like every other line of the process.
  const warnings: string[] = [];
  const env = options.role ? { ...process.env, MEMCTX_ROLES: options.role } : process.env;
  if (options.role && process.env.MEMCTX_ROLES && process.env.MEMCTX_ROLES.trim() !== options.role) {
    warnings.push(`MEMCTX_ROLES=${process.env.MEMCTX_ROLES} is ignored: this entry point runs the ${options.role} role only`);
  }
  try {
    config = loadConfig(env, { onWarning: (line) => warnings.push(line) });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`memctx: invalid configuration\n${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config);
  for (const warning of warnings) logger.warn(warning);
  const tracing = await startTracing(process.env, options.role ? `memctx-${options.role}` : 'memctx');
  if (tracing) logger.info({ exporter: tracing.exporter }, 'tracing on');
  const started = await options.start(config, logger);
  // The spans still buffered are exported after the roles stop (within the shutdown limit).
  const running = tracing ? { stop: () => started.stop().finally(() => tracing.stop().catch(() => undefined)) } : started;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A supervisor kills what does not stop within its grace period (10 s is a common one): exit first, and say so.
    setTimeout(() => {
      logger.error({ signal, afterMs: SHUTDOWN_LIMIT_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
