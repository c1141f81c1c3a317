#!/usr/bin/env node
import { ConfigError, createLogger, loadConfig, StartupError } from '@memctx/shared';
import { startServer } from './server/start.js';

async function main(): Promise<void> {
  let config;
  // Logged once the logger exists, so they are JSON lines like every other line of the process.
  const warnings: string[] = [];
  try {
    config = loadConfig(process.env, { onWarning: (line) => warnings.push(line) });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`memctx: invalid configuration\n${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config);
  for (const warning of warnings) logger.warn(warning);
  const running = await startServer(config, logger);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
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

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    process.stderr.write(`memctx: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`memctx: failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
