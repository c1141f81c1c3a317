import { listConnectors } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';
import type { ConnectorDirectory } from './directory.js';

/** GET /api/v1/connectors (open): each type, its display name and the credential fields it takes, never their values. */
export function connectorCatalogRoutes(directory: ConnectorDirectory): RouteModule {
  return (routes) => {
    routes.endpoint(listConnectors, () => ({ connectors: [...directory.catalog()] }));
  };
}
