// Curl examples for the API page, generated from the services' OpenAPI documents (the same documents the gateway's
// API reference renders): per tool family, one call of each charged endpoint with a body made from its schema.

/** The part of an OpenAPI document the examples read. */
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperationLike>>;
}
interface OpenApiOperationLike {
  summary?: string;
  'x-tool'?: { id: string; credits: number };
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

export interface CurlExample {
  tool: string;
  credits: number;
  method: string;
  path: string;
  command: string;
}

/** A value a schema accepts, for an example: its first choice, else a placeholder of its type. */
export function exampleValue(name: string, schema: JsonSchema | undefined): unknown {
  if (!schema) return `<${name}>`;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleValue(name, schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return exampleBody(schema);
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  return `<${name}>`;
}

/** The required fields of an object schema with example values. */
export function exampleBody(schema: JsonSchema | undefined): Record<string, unknown> {
  const required = new Set(schema?.required ?? []);
  return Object.fromEntries(
    Object.entries(schema?.properties ?? {})
      .filter(([name]) => required.has(name))
      .map(([name, property]) => [name, exampleValue(name, property)]),
  );
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** One curl command per charged endpoint of the document, in the document's order. */
export function curlExamples(doc: OpenApiDoc, origin: string): CurlExample[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation['x-tool'])
      .map(([method, operation]) => {
        const schema = operation.requestBody?.content['application/json']?.schema;
        const lines = [
          `curl -X ${method.toUpperCase()} ${shellQuote(`${origin}${path}`)}`,
          `  -H 'Authorization: Bearer act_…'`,
        ];
        if (schema) {
          lines.push(`  -H 'Content-Type: application/json'`);
          lines.push(`  -d ${shellQuote(JSON.stringify(exampleBody(schema)))}`);
        }
        return {
          tool: operation['x-tool']!.id,
          credits: operation['x-tool']!.credits,
          method: method.toUpperCase(),
          path,
          command: lines.join(' \\\n'),
        };
      }),
  );
}
