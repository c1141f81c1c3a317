import type { CommandGroup } from './command.js';
import { keysCommand } from './commands/keys.js';
import { importCommand } from './commands/import.js';
import { mcpCommand } from './commands/mcp.js';
import { projectionsCommand } from './commands/projections.js';
import { CliError, EXIT, type CliIo } from './io.js';

/** Every command group of the memctx CLI. */
export const commandGroups: readonly CommandGroup[] = [keysCommand, projectionsCommand, mcpCommand, importCommand];

function overview(groups: readonly CommandGroup[]): string {
  const width = Math.max(...groups.map((group) => group.name.length));
  return [
    'memctx: operator and user tools for the Memory Context Service',
    '',
    'Usage: memctx <command> [options]',
    '',
    'Commands:',
    ...groups.map((group) => `  ${group.name.padEnd(width)}  ${group.summary}`),
    '',
    'Run `memctx <command> --help` for details.',
  ].join('\n');
}

/** Runs one command line and resolves to its exit code; it never exits the process itself. */
export async function runCli(argv: readonly string[], io: CliIo, groups: readonly CommandGroup[] = commandGroups): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${overview(groups)}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const group = groups.find((candidate) => candidate.name === name);
  try {
    if (!group) throw new CliError(`unknown command '${name}'\n\n${overview(groups)}`, EXIT.usage);
    return await group.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`memctx: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`memctx: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.failed;
  }
}
