export { clientMemoryApi, type BuildSipInput, type IngestRoundInput, type MemoryApi, type PageInput } from './memory-api.js';
export { BuildSipArgs, createMemoryMcpServer, DeleteSessionArgs, IngestRoundArgs, ListProjectsArgs, ListSessionsArgs, MCP_SERVER_INFO } from './tools.js';
export { serveMcpOverHttp, serveMcpOverStdio } from './transports.js';
