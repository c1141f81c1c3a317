export { openRuntime, type Runtime } from './runtime.js';
export { startProcess, type RoleHandle, type RoleStarter, type RoleStarters, type RunningProcess, type StartedRoles } from './roles.js';
export { runMain, type MainOptions } from './main.js';
export { createServiceMetrics, type ServiceMetrics } from './service-metrics.js';
export { runHealthChecks, databaseCheck, DEFAULT_HEALTH_CHECK_TIMEOUT_MS, type HealthCheck, type HealthChecks, type HealthReport } from './health.js';
export { runtimeHealthChecks } from './runtime-health.js';
export { startOpsServer, type OpsServer, type OpsServerOptions } from './ops-server.js';
export { startTracing, type Tracing } from './tracing.js';
