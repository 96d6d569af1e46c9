// OpenAPI 3.1 documents generated from the endpoint definitions: one per service (the endpoints under its path
// prefixes), with each request, parameter and reply schema converted by zod's own JSON Schema export. Served by
// every service at /api/<service>/openapi.json and summarised by the gateway's API reference page.
import { z } from 'zod';
import { ErrorReplySchema } from './api/common';
import { OPENAPI_ENDPOINTS } from './api/openapi';
import { sendsBody, type Endpoint } from './endpoint';
import { ENDPOINTS } from './routes';
import { serviceForPath, type ServiceName } from './services';
import { getTool, toolCost } from './tools';

type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  security: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<
    string,
    { description: string; content?: { 'application/json': { schema: JsonSchema } } }
  >;
  /** Who may call it: public, guest (token optional) or member. */
  'x-access': Endpoint['access'];
  /** The catalogue tool it charges and its price in credits. */
  'x-tool'?: { id: string; credits: number };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
}

const ACCESS_SECURITY: Record<Endpoint['access'], OpenApiOperation['security']> = {
  public: [],
  // A guest may call without a token; a token, when sent, must be valid.
  guest: [{}, { bearer: [] }],
  member: [{ bearer: [] }],
  // A member's token whose `roles` claim holds `support`.
  support: [{ bearer: [] }],
};

const ERROR_REPLY = { $ref: '#/components/schemas/ErrorReply' };

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/api/chat/sessions/:id` → `/api/chat/sessions/{id}` (OpenAPI's template form). */
export function openApiPathOf(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): OpenApiParameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function operationOf(definition: Endpoint): OpenApiOperation {
  const hasBody = sendsBody(definition);
  const parameters = [
    ...parametersOf(definition.params, 'path'),
    ...(hasBody ? [] : parametersOf(definition.request, 'query')),
  ];
  const tool = definition.tool ? getTool(definition.tool) : undefined;
  return {
    operationId: `${definition.method.toLowerCase()}${definition.path
      .replace(/^\/api/, '')
      .replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
    summary: `${definition.method} ${definition.path}`,
    security: ACCESS_SECURITY[definition.access],
    ...(parameters.length ? { parameters } : {}),
    ...(hasBody && definition.request
      ? {
          requestBody: {
            required: true as const,
            content: { 'application/json': { schema: jsonSchemaOf(definition.request, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': definition.reply
        ? {
            description: 'Success',
            content: { 'application/json': { schema: jsonSchemaOf(definition.reply, 'output') } },
          }
        : { description: 'Success (a redirect, a file or a stream rather than JSON)' },
      default: {
        description: 'Refused or failed: the error text is the one the product shows',
        content: { 'application/json': { schema: ERROR_REPLY } },
      },
    },
    'x-access': definition.access,
    ...(tool ? { 'x-tool': { id: tool.id, credits: toolCost(tool.id, definition.toolOptions) } } : {}),
  };
}

/** The endpoints a service answers: those under its path prefixes. */
export function endpointsOf(service: ServiceName): Endpoint[] {
  return ENDPOINTS.filter((definition) => serviceForPath(definition.path)?.service === service);
}

const documents = new Map<ServiceName, OpenApiDocument>();

/** The service's OpenAPI 3.1 document (built once per process). */
export function buildOpenApiDocument(service: ServiceName, version = '1.0.0'): OpenApiDocument {
  const known = documents.get(service);
  if (known) return known;
  const paths: OpenApiDocument['paths'] = {};
  for (const definition of endpointsOf(service)) {
    const path = openApiPathOf(definition.path);
    paths[path] = { ...paths[path], [definition.method.toLowerCase()]: operationOf(definition) };
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: `AI Creative Toolbox: ${service} API`,
      version,
      description:
        'Generated from the contracts every client and service shares. Uploads travel as data URLs inside JSON. ' +
        'Tool calls answer `remainingCredits`; endpoints that stream answer Server-Sent Events when the request ' +
        'sends `Accept: text/event-stream`.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorReply: jsonSchemaOf(ErrorReplySchema, 'output') },
    },
  };
  documents.set(service, document);
  return document;
}

/** Where a service publishes its document. */
export function openApiPathFor(service: ServiceName): string {
  return OPENAPI_ENDPOINTS[service].path;
}
