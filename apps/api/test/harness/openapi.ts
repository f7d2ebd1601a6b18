import type { FastifyInstance } from 'fastify';

/** The part of JSON Schema (OpenAPI 3.0 flavour) that the contract's zod schemas produce. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 writes these as booleans beside minimum/maximum. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  description?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One method on one path of the document, in the shape the fuzzer and the matrix use. */
export interface Operation {
  /** "PUT /api/v1/notifications/{id}/read": the key of the access-control table. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document writes it, `{name}` for a path parameter. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: { schema: JsonSchema; required: boolean } | undefined;
  /** The operation asks for a bearer token. */
  secured: boolean;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export async function readOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  return res.json() as OpenApiDocument;
}

/**
 * Every operation of the document. Anything this harness cannot generate input for (a body that is
 * not JSON, a header parameter, a schema `$ref` it cannot resolve) throws, so a new kind of route
 * fails the harness loudly instead of being fuzzed with nothing.
 */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(doc, p.schema) }));
      const unsupported = params.find((p) => p.in !== 'path' && p.in !== 'query');
      if (unsupported) throw new Error(`${key}: the harness cannot fuzz ${unsupported.in} parameters yet`);
      let body: Operation['body'];
      if (op.requestBody) {
        const types = Object.keys(op.requestBody.content);
        const json = op.requestBody.content['application/json'];
        if (!json || types.length !== 1) throw new Error(`${key}: the harness only fuzzes JSON bodies (${types})`);
        body = { schema: resolve(doc, json.schema), required: op.requestBody.required ?? false };
      }
      operations.push({
        key,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body,
        secured: (op.security ?? []).some((s) => 'bearerAuth' in s),
      });
    }
  }
  return operations;
}

/** Inlines `#/components/schemas/…` references so the generators see plain schemas. */
function resolve(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) throw new Error('schema references nest too deep (a recursive schema?)');
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved schema reference ${schema.$ref}`);
    return resolve(doc, target, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(doc, v, depth + 1)]),
    );
  }
  if (schema.items) out.items = resolve(doc, schema.items, depth + 1);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[k];
    if (list) out[k] = list.map((s) => resolve(doc, s, depth + 1));
  }
  return out;
}

/** The URL of an operation with its path parameters filled in (already encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name}`);
    return value;
  });
}
