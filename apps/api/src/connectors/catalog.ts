import { listConnectors } from '@memctx/contracts';
import type { RouteModule } from '../http/endpoints.js';

export interface ConnectorInfo {
  connector_type: string;
  name: string;
}

/** The hook connectors register into; the API lists whatever the catalog holds. */
export interface ConnectorCatalog {
  list(): readonly ConnectorInfo[];
}

export const emptyConnectorCatalog: ConnectorCatalog = { list: () => [] };

/** GET /api/v1/connectors (open). */
export function connectorCatalogRoutes(catalog: ConnectorCatalog): RouteModule {
  return (routes) => {
    routes.endpoint(listConnectors, () => ({ connectors: [...catalog.list()] }));
  };
}
