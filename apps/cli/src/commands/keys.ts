import { parseArgs } from 'node:util';
import { adminClientFromEnv, type KeySummary } from '../admin-client.js';
import type { CommandGroup } from '../command.js';
import { EXIT, usageError, type CliIo } from '../io.js';

const HELP = `Manage user API keys through the admin API.

Usage:
  memctx keys create --user <user-id> [--scopes <list>] [--project <project-id>] [--json]
                                                 create a key; it is printed once
  memctx keys list [--user <user-id>] [--json]   list keys (never their secrets)
  memctx keys revoke <key-id>                    revoke a key; it fails at once

Options of create:
  --scopes <list>       what the key may do, comma-separated: read, write, sip, or all (the default)
  --project <id>        limit the key to this project of the user (default: every project)

Environment:
  MEMCTX_URL            server address (default http://127.0.0.1:8080)
  MEMCTX_ADMIN_TOKEN    the admin token the server was started with (required)`;

function parse(args: readonly string[], options: { user?: boolean; json?: boolean; access?: boolean; positionals?: number }) {
  try {
    const parsed = parseArgs({
      args: [...args],
      options: {
        ...(options.user ? { user: { type: 'string' as const } } : {}),
        ...(options.json ? { json: { type: 'boolean' as const } } : {}),
        ...(options.access ? { scopes: { type: 'string' as const }, project: { type: 'string' as const } } : {}),
      },
      allowPositionals: (options.positionals ?? 0) > 0,
      strict: true,
    });
    if (parsed.positionals.length > (options.positionals ?? 0)) throw new Error(`unexpected argument '${parsed.positionals.at(-1)}'`);
    return parsed as { values: { user?: string; json?: boolean; scopes?: string; project?: string }; positionals: string[] };
  } catch (error) {
    throw usageError(`${(error as Error).message}\n\n${HELP}`);
  }
}

const SCOPES = ['read', 'write', 'sip'];

/** `--scopes read,sip` as the API takes it; `all` (or no option) leaves the server's default, every scope. */
function scopesOf(option: string | undefined): string[] | undefined {
  if (option === undefined || option.trim() === 'all') return undefined;
  const scopes = option.split(',').map((scope) => scope.trim()).filter(Boolean);
  const unknown = scopes.filter((scope) => !SCOPES.includes(scope));
  if (scopes.length === 0 || unknown.length > 0) throw usageError(`--scopes takes ${SCOPES.join(', ')} or all, comma-separated; got '${option}'\n\n${HELP}`);
  return scopes;
}

const table = (keys: readonly KeySummary[]) => {
  const rows = [
    ['ID', 'USER', 'PREFIX', 'SCOPES', 'PROJECT', 'CREATED', 'REVOKED'],
    ...keys.map((k) => [k.id, k.user_id, k.prefix, k.scopes.join(','), k.project_id ?? '*', k.created_at, k.revoked_at ?? '-']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
};

async function create(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, { user: true, json: true, access: true });
  if (!values.user) throw usageError(`keys create needs --user <user-id>\n\n${HELP}`);
  const scopes = scopesOf(values.scopes);
  const created = await adminClientFromEnv(io).createKey(values.user, { ...(scopes ? { scopes } : {}), ...(values.project ? { project_id: values.project } : {}) });
  if (values.json) {
    io.stdout(`${JSON.stringify(created, null, 2)}\n`);
  } else {
    // The key alone on stdout, so `KEY=$(memctx keys create --user u)` works; the notes go to stderr.
    io.stdout(`${created.api_key}\n`);
    const where = created.project_id === null ? 'every project' : `project ${created.project_id}`;
    io.stderr(`Created API key ${created.id} for user ${created.user_id} (${created.scopes.join(', ')}; ${where}). Store it now: it is not shown again.\n`);
  }
  return EXIT.ok;
}

async function list(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, { user: true, json: true });
  const keys = await adminClientFromEnv(io).listKeys(values.user);
  if (values.json) io.stdout(`${JSON.stringify(keys, null, 2)}\n`);
  else io.stdout(keys.length === 0 ? 'No API keys.\n' : `${table(keys)}\n`);
  return EXIT.ok;
}

async function revoke(args: readonly string[], io: CliIo): Promise<number> {
  const { positionals } = parse(args, { positionals: 1 });
  const id = positionals[0];
  if (!id) throw usageError(`keys revoke needs the key id\n\n${HELP}`);
  await adminClientFromEnv(io).revokeKey(id);
  io.stdout(`Revoked API key ${id}.\n`);
  return EXIT.ok;
}

const subcommands: Record<string, (args: readonly string[], io: CliIo) => Promise<number>> = { create, list, revoke };

export const keysCommand: CommandGroup = {
  name: 'keys',
  summary: 'create, list and revoke user API keys',
  help: HELP,
  async run(args, io) {
    const [name, ...rest] = args;
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      io.stdout(`${HELP}\n`);
      return name === undefined ? EXIT.usage : EXIT.ok;
    }
    const subcommand = subcommands[name];
    if (!subcommand) throw usageError(`unknown command 'keys ${name}'\n\n${HELP}`);
    return subcommand(rest, io);
  },
};
