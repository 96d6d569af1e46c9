// Curl examples for the API page, generated from the services' OpenAPI documents (the same documents the gateway's
// API reference renders): per tool family, one call of each charged endpoint with a body made from its schema.
import { exampleBody, type ExampleSchema } from '@act/contracts';

/** The part of an OpenAPI document the examples read. */
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperationLike>>;
}
interface OpenApiOperationLike {
  summary?: string;
  'x-tool'?: { id: string; credits: number };
  requestBody?: { content: Record<string, { schema?: ExampleSchema }> };
}

export interface CurlExample {
  tool: string;
  credits: number;
  method: string;
  path: string;
  command: string;
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
