import { clientMemoryApi, serveMcpOverStdio } from '@memctx/mcp';
import type { CommandGroup } from '../command.js';
import { EXIT, usageError } from '../io.js';
import { userClientFromEnv } from '../user-client.js';

const HELP = `Serve memctx's MCP tools on stdin/stdout, for MCP hosts that start a command.

Usage:
  memctx mcp

Tools: ingest_round, build_sip, delete_session, list_projects, list_sessions.
Each calls the HTTP API with the key below; MCP hosts that speak Streamable HTTP
can use POST <MEMCTX_URL>/mcp with the same key as a Bearer token instead.

Environment:
  MEMCTX_URL       server address (default http://127.0.0.1:8080)
  MEMCTX_API_KEY   a user API key (required)`;

export const mcpCommand: CommandGroup = {
  name: 'mcp',
  summary: 'serve the MCP tools over stdio (MEMCTX_URL, MEMCTX_API_KEY)',
  help: HELP,
  async run(args, io) {
    if (args[0] === '--help' || args[0] === '-h') {
      io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    if (args.length > 0) throw usageError(`unexpected argument '${args[0]}'\n\n${HELP}`);
    await serveMcpOverStdio(clientMemoryApi(userClientFromEnv(io)));
    // The transport keeps the process alive until the host closes stdin.
    return EXIT.ok;
  },
};
