// The API page's curl examples, from an OpenAPI document's charged operations and their request schemas.
import { describe, expect, it } from 'vitest';
import { curlExamples, type OpenApiDoc } from './curl-examples';

const DOC: OpenApiDoc = {
  paths: {
    '/api/image/text-to-image/generate-image': {
      post: {
        'x-tool': { id: 'text-to-image', credits: 20 },
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['prompt', 'aspectRatio'],
                properties: {
                  prompt: { type: 'string' },
                  aspectRatio: { enum: ['1:1', '16:9'] },
                  seed: { type: 'integer' },
                },
              },
            },
          },
        },
      },
    },
    '/api/image/generated-images': { get: {} },
  },
};

describe('curlExamples', () => {
  it('writes one command per charged operation with the key and a body of its required fields', () => {
    expect(curlExamples(DOC, 'https://toolbox.example')).toEqual([
      {
        tool: 'text-to-image',
        credits: 20,
        method: 'POST',
        path: '/api/image/text-to-image/generate-image',
        command: [
          "curl -X POST 'https://toolbox.example/api/image/text-to-image/generate-image' \\",
          "  -H 'Authorization: Bearer act_…' \\",
          "  -H 'Content-Type: application/json' \\",
          `  -d '{"prompt":"<prompt>","aspectRatio":"1:1"}'`,
        ].join('\n'),
      },
    ]);
  });
});
