/**
 * The operations of a served OpenAPI 3.1 document, reduced to what a fuzzer
 * needs: where each parameter goes, the body schema with references resolved,
 * who may call it and which statuses it documents.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export type Security = 'apiKey' | 'adminToken' | 'none';

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI style, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  security: Security;
  /** Statuses the document lists for the operation. */
  statuses: ReadonlySet<number>;
}

interface OpenApiOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Inlines `#/components/schemas/...` references (the documents here have no cycles). */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved reference ${schema.$ref}`);
    return resolveSchema(doc, target);
  }
  const resolved: JsonSchema = { ...schema };
  if (schema.properties) {
    resolved.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, resolveSchema(doc, value)]));
  }
  if (schema.items) resolved.items = resolveSchema(doc, schema.items);
  if (schema.anyOf) resolved.anyOf = schema.anyOf.map((branch) => resolveSchema(doc, branch));
  if (schema.oneOf) resolved.oneOf = schema.oneOf.map((branch) => resolveSchema(doc, branch));
  return resolved;
}

function securityOf(operation: OpenApiOperation): Security {
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  if (scheme === 'bearerAuth') return 'apiKey';
  if (scheme === 'adminToken') return 'adminToken';
  return 'none';
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const body = operation.requestBody?.content['application/json']?.schema;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).map((parameter) => ({ ...parameter, schema: resolveSchema(doc, parameter.schema) })),
        ...(body ? { body: resolveSchema(doc, body) } : {}),
        security: securityOf(operation),
        statuses: new Set(Object.keys(operation.responses).map(Number)),
      });
    }
  }
  return operations;
}
