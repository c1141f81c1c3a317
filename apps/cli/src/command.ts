import type { CliIo } from './io.js';

/**
 * A top-level command such as `keys`; its first argument picks a subcommand.
 * A new group (e.g. `projections status|rebuild`) is one file exporting one of these.
 */
export interface CommandGroup {
  name: string;
  summary: string;
  /** Full help, shown by `memctx <name> --help`. */
  help: string;
  /** Resolves to the exit code; throws CliError to fail with a message. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}
