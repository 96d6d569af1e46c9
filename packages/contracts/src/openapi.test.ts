// The OpenAPI documents: valid OpenAPI 3.1 (checked by swagger-parser against the official schema), one per service
// with exactly its own endpoints, and every route the browser calls (API_ROUTES) documented by the service it
// belongs to, with its method, parameters, body and access.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, API_ROUTES } from './routes';
import { buildOpenApiDocument, openApiPathOf, type OpenApiDocument } from './openapi';
import { serviceForPath, SERVICE_NAMES } from './server';

const documents = Object.fromEntries(
  SERVICE_NAMES.map((service) => [service, buildOpenApiDocument(service)]),
);

/** Every string leaf of API_ROUTES: the paths the browser calls. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as Record<string, unknown>).flatMap(leaves);
}

describe('OpenAPI documents', () => {
  it.each(SERVICE_NAMES)('%s: a valid OpenAPI 3.1 document', async (service) => {
    // validate() dereferences in place: give it a copy.
    const copy = structuredClone(documents[service]) as OpenApiDocument;
    await expect(SwaggerParser.validate(copy as never)).resolves.toBeDefined();
    expect(documents[service]!.openapi).toBe('3.1.0');
  });

  it('documents every route in API_ROUTES in the document of the service that owns it', () => {
    const routes = leaves(API_ROUTES);
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const owner = serviceForPath(route)!.service;
      expect(documents[owner]!.paths[openApiPathOf(route)], `${route} in ${owner}`).toBeDefined();
    }
  });

  it('documents each endpoint once, under its method, and nothing of another service', () => {
    const operations = Object.values(documents).flatMap((document) =>
      Object.entries(document!.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m} ${path}`),
      ),
    );
    expect(operations.sort()).toEqual(
      ENDPOINTS.map((e) => `${e.method.toLowerCase()} ${openApiPathOf(e.path)}`).sort(),
    );
  });

  it('describes a tool call: its body schema with the spec limits, member access and its price', () => {
    const send = documents.chat!.paths['/api/chat/send-message']!.post!;
    expect(send.security).toEqual([{ bearer: [] }]);
    expect(send['x-tool']).toEqual({ id: 'ai-chat-playground', credits: 5 });
    const body = send.requestBody!.content['application/json'].schema as {
      properties: Record<string, { maxLength?: number }>;
      required: string[];
    };
    expect(body.required).toContain('prompt');
    expect(body.properties.prompt!.maxLength).toBeGreaterThan(0);
  });

  it("prices a follow-up endpoint at the tool's follow-up price", () => {
    const ask = documents.youtube!.paths['/api/youtube/sessions/{id}/questions']!.post!;
    expect(ask['x-tool']).toEqual({ id: 'youtube-summarizer', credits: 2 });
    expect(documents.youtube!.paths['/api/youtube/summarize-youtube']!.post!['x-tool']).toEqual({
      id: 'youtube-summarizer',
      credits: 4,
    });
  });

  it('lists path and query parameters, and makes guests’ tokens optional', () => {
    const remove = documents.chat!.paths['/api/chat/sessions/{id}']!.delete!;
    expect(remove.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    const history = documents.credits!.paths['/api/credits/tool-usage-history']!.get!;
    expect(history.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:cursor', 'query:limit']),
    );
    const guestTool = documents.prompt!.paths['/api/prompt/generate-text-prompt']!.post!;
    expect(guestTool.security).toEqual([{}, { bearer: [] }]);
    expect(documents.identity!.paths['/api/identity/signup']!.post!.security).toEqual([]);
  });
});
