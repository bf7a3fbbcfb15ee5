import { z } from 'zod';
import { listParamNames, MAX_LIMIT, DEFAULT_LIMIT } from '../list/list';
import { QUERY_PARAMETER_SCHEMA } from '../list/params';
import { routeResponses } from './responses';
import type { AnyRoute } from './route';
import { API_KEY_SECURITY, type RequestAuthenticator } from '../auth/authenticate';

/**
 * The OpenAPI 3.1 document of a service, generated from the same route definitions and zod schemas that
 * validate its requests: there is no second, hand-written description to drift from the code.
 */
export type JsonSchema = Record<string, unknown>;

/** The JSON Schema of what a client sends for a zod schema (the document's and the fuzzer's one reading). */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  // io: 'input' describes what a client sends (before defaults and transforms).
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

export const openApiPath = (path: string, prefix = '/api/v1') => `${prefix}${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/**
 * The JSON Schema of what the service sends for a zod schema. Schemas named with `.meta({ id })` become
 * components (shared by every operation that answers them, and named types in generated clients).
 */
function responseJsonSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  const defs = (out.$defs ?? {}) as Record<string, JsonSchema>;
  delete out.$defs;
  const relink = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, '"#/components/schemas/$1"'));
  for (const [id, def] of Object.entries(defs)) components[id] ??= relink(def);
  return relink(out);
}

/** A query parameter's schema: what its text means (q.int, q.boolean say so), else its zod input side. */
function queryParameterSchema(schema: z.ZodType): JsonSchema {
  const out = jsonSchema(schema);
  return (out[QUERY_PARAMETER_SCHEMA] as JsonSchema | undefined) ?? out;
}

/** A route's path and query parameters as OpenAPI parameter objects, from its declaration. */
export function routeParameters(route: AnyRoute): JsonSchema[] {
  const params: JsonSchema[] = [];
  const pathShape = (route.params as z.ZodObject | undefined)?.shape ?? {};
  for (const [name, schema] of Object.entries(pathShape)) {
    params.push({ name, in: 'path', required: true, schema: jsonSchema(schema as z.ZodType) });
  }
  const list = route.list;
  if (list) {
    params.push(
      { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
      { name: 'fields', in: 'query', description: `Comma-separated subset of: ${list.fields.join(', ')}`, schema: { type: 'string' } },
    );
    for (const [name, schema] of Object.entries(list.filters ?? {})) {
      params.push({ name, in: 'query', description: 'Equality filter', schema: queryParameterSchema(schema as z.ZodType) });
    }
    for (const [field, kind] of Object.entries(list.ranges ?? {})) {
      for (const end of ['from', 'to']) {
        params.push({
          name: `${field}_${end}`,
          in: 'query',
          description: `Inclusive ${end === 'from' ? 'lower' : 'upper'} bound on ${field}${kind === 'timestamp' ? ' (ISO 8601 instant with Z or an offset; send + as %2B)' : ''}`,
          schema: { type: 'string', format: kind === 'date' ? 'date' : 'date-time' },
        });
      }
    }
    if (list.sort) {
      params.push(
        { name: 'sort_by', in: 'query', schema: { type: 'string', enum: [...list.sort.columns], default: list.sort.default } },
        { name: 'sort_order', in: 'query', schema: { type: 'string', enum: ['ASC', 'DESC'], default: list.sort.order ?? 'DESC' } },
      );
    }
    for (const prefix of list.prefixes ?? []) {
      params.push({
        name: `${prefix}{key}`,
        in: 'query',
        description: `Any parameter named ${prefix}<key> filters on that key's value`,
        schema: { type: 'string' },
      });
    }
  }
  if (route.fields) {
    params.push({ name: 'fields', in: 'query', description: `Comma-separated subset of: ${route.fields.join(', ')}`, schema: { type: 'string' } });
  }
  const queryShape = (route.query as z.ZodObject | undefined)?.shape ?? {};
  const known = new Set(list ? listParamNames(list) : []);
  for (const [name, schema] of Object.entries(queryShape)) {
    if (!known.has(name)) params.push({ name, in: 'query', schema: queryParameterSchema(schema as z.ZodType) });
  }
  return params;
}

export interface OpenApiInfo {
  service: string;
  version?: string;
  description?: string;
  /** Where the routes are mounted (default /api/v1). */
  prefix?: string;
  /** The credentials' security schemes and the requirement of every non-public operation (default: the API key's). */
  security?: RequestAuthenticator['openApiSecurity'];
  /** The webhook events the service sends (issue 36): OpenAPI 3.1's `webhooks`, each with its schema as a component. */
  webhooks?: readonly { type: string; summary: string; schema: z.ZodType }[];
}

export function buildOpenApiDocument(info: OpenApiInfo, routes: AnyRoute[]) {
  const security = info.security ?? API_KEY_SECURITY;
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const responses: Record<string, JsonSchema> = {};
    for (const [status, declared] of routeResponses(route)) {
      responses[String(status)] = declared.body
        ? { description: declared.description, content: { 'application/json': { schema: responseJsonSchema(declared.body, components) } } }
        : { description: declared.description };
    }
    const operation: Record<string, unknown> = {
      operationId: `${route.method}${openApiPath(route.path, info.prefix)
        .replace(/[{}]/g, '')
        .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: route.summary,
      'x-permission': route.permission,
      parameters: routeParameters(route),
      responses,
    };
    if (route.permission === 'public') operation.security = [];
    else if (route.permission !== 'any') operation.description = `Requires the \`${route.permission}\` permission.`;
    if (route.upload) {
      const fields = route.body ? jsonSchema(route.body) : { type: 'object', properties: {} };
      const properties = {
        ...((fields.properties as JsonSchema) ?? {}),
        [route.upload.fileField]: { type: 'string', contentMediaType: 'application/octet-stream' },
      };
      const required = [...((fields.required as string[]) ?? []), ...(route.upload.fileRequired ? [route.upload.fileField] : [])];
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } };
    } else if (route.body) {
      operation.requestBody = { required: !route.bodyOptional, content: { 'application/json': { schema: jsonSchema(route.body) } } };
    }
    (paths[openApiPath(route.path, info.prefix)] ??= {})[route.method] = operation;
  }
  const webhooks: Record<string, unknown> = {};
  for (const event of info.webhooks ?? []) {
    webhooks[event.type] = {
      post: {
        operationId: `webhook${event.type.replace(/(^|[._])(.)/g, (_m, _s, c: string) => c.toUpperCase())}`,
        summary: event.summary,
        description:
          'POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.',
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema: responseJsonSchema(event.schema, components) } } },
        responses: { '200': { description: 'Any 2xx: received (the event id is the webhook-id header; de-duplicate on it)' } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `${info.service} API`, version: info.version ?? '1.0.0', description: info.description },
    servers: [{ url: '/' }],
    security: [security.requirement],
    components: {
      securitySchemes: security.schemes,
      schemas: components,
    },
    paths,
    ...(info.webhooks?.length ? { webhooks } : {}),
  };
}
