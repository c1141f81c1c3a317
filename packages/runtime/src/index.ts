export { openRuntime, type Runtime } from './runtime.js';
export { startProcess, type RoleHandle, type RoleStarter, type RoleStarters, type RunningProcess, type StartedRoles } from './roles.js';
export { runMain, type MainOptions } from './main.js';
export { createServiceMetrics, type ServiceMetrics } from './service-metrics.js';
