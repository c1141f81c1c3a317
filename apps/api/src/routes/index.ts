import type { RouteModule } from '../http/endpoints.js';
import type { FeatureDeps } from './deps.js';
import { browseRoutes } from './browse.js';
import { exportRoutes } from './export.js';
import { recordRoutes } from './records.js';
import { connectorRoutes } from './connectors.js';
import { dashboardRoutes } from './dashboard.js';
import { memoryRoutes } from './memory.js';
import { projectRoutes } from './projects.js';
import { sessionRoutes } from './sessions.js';
import { sipRoutes } from './sip.js';

export type { FeatureDeps } from './deps.js';

export function featureRoutes(deps: FeatureDeps): RouteModule[] {
  return [projectRoutes(deps), memoryRoutes(deps), sessionRoutes(deps), sipRoutes(deps), dashboardRoutes(deps), connectorRoutes(deps), browseRoutes(deps), recordRoutes(deps), exportRoutes(deps)];
}
