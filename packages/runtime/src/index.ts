export { openRuntime, startBackgroundRoles, type Runtime, type BackgroundRoles } from './runtime.js';
export { createServiceMetrics, type ServiceMetrics } from './service-metrics.js';
