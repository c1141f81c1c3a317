export { runCli, commandGroups } from './cli.js';
export type { CommandGroup } from './command.js';
export { CliError, EXIT, usageError, type CliIo } from './io.js';
export { adminClientFromEnv, createAdminClient, DEFAULT_URL, type AdminClient, type CreatedKey, type KeySummary } from './admin-client.js';
export { keysCommand } from './commands/keys.js';
