// One JSON casing for our replies (docs/architecture.md#json-casing): camelCase for our fields, snake_case only in the
// shapes the product spec fixes and in third parties' wire formats. Walks every endpoint's reply and event schemas
// and fails on a snake_case key outside those shapes.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from '../routes';
import { MeSchema, UsageHistoryEntrySchema, CheckoutCustomDataSchema } from './credits';
import { PackCheckoutCustomDataSchema } from './credit-packs';
import { SessionSchema, SessionUserSchema } from './identity';
import { ChatMessageSchema, ChatSessionSchema } from './chat';
import { GalleryImageSchema, GeneratedImageSchema } from './image';

/** The spec's fixed shapes (and our fields inside them, so no object mixes casings), and Paddle's custom_data. */
const SPEC_CASED_SHAPES: ReadonlyMap<unknown, string> = new Map<unknown, string>([
  [SessionUserSchema, 'user profile'],
  [MeSchema, 'user profile (with the account)'],
  [SessionSchema, 'auth session'],
  [UsageHistoryEntrySchema, 'usage history entry'],
  [ChatSessionSchema, 'chat session'],
  [ChatMessageSchema, 'chat message'],
  [GalleryImageSchema, 'gallery image'],
  [GeneratedImageSchema, 'generated_images record'],
  [CheckoutCustomDataSchema, "Paddle's custom_data (plans)"],
  [PackCheckoutCustomDataSchema, "Paddle's custom_data (packs)"],
]);

/** Third parties' wire names carried whole: Paddle's custom_data field itself. */
const WIRE_KEYS: ReadonlySet<string> = new Set(['custom_data']);

const SPEC_CASED = 'x-spec-cased';

type JsonNode = Record<string, unknown>;

function snakeKeysOf(node: unknown, path: string, found: string[]): void {
  if (Array.isArray(node)) return node.forEach((child) => snakeKeysOf(child, path, found));
  if (!node || typeof node !== 'object') return;
  const json = node as JsonNode;
  if (json[SPEC_CASED]) return;
  for (const [key, value] of Object.entries(json)) {
    if (key !== 'properties' || !value || typeof value !== 'object') {
      snakeKeysOf(value, path, found);
      continue;
    }
    for (const [name, property] of Object.entries(value as JsonNode)) {
      if (name.includes('_') && !WIRE_KEYS.has(name)) found.push(`${path}.${name}`);
      snakeKeysOf(property, `${path}.${name}`, found);
    }
  }
}

/** The JSON Schema of a reply, with the spec's fixed shapes marked so the walk leaves them alone. */
function markedJsonSchema(schema: z.ZodType): JsonNode {
  return z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (SPEC_CASED_SHAPES.has(zodSchema)) (jsonSchema as JsonNode)[SPEC_CASED] = true;
    },
  }) as JsonNode;
}

describe('JSON casing of our replies', () => {
  it('uses camelCase for every field outside the spec-fixed shapes and third-party wire formats', () => {
    const found: string[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const part of ['reply', 'events'] as const) {
        const schema = endpoint[part];
        if (schema)
          snakeKeysOf(markedJsonSchema(schema), `${endpoint.method} ${endpoint.path} ${part}`, found);
      }
    }
    expect(found).toEqual([]);
  });

  it('knows each excepted shape by the very schema the endpoints use', () => {
    const marked = ENDPOINTS.flatMap((endpoint) =>
      endpoint.reply ? [JSON.stringify(markedJsonSchema(endpoint.reply))] : [],
    ).join('\n');
    expect(marked.split(SPEC_CASED).length - 1).toBeGreaterThanOrEqual(SPEC_CASED_SHAPES.size);
  });
});
