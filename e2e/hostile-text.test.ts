// Text that cannot be stored (U+0000) is refused by every endpoint before anything is reserved or any provider is
// asked: the whole product runs (every service's main.ts behind the gateway, the AI providers faked as local HTTP
// servers that record what they receive), and for every operation of every service's OpenAPI document, every
// string field (path parameter, query parameter, JSON body property at any depth, in every variant of a union) is
// sent holding "a\u0000b" in turn, with a member's token. Each must answer 400 with the contracts' text; afterwards
// no fake provider has received a call, the member's balance and usage history are as they were, and the credits
// database holds no hold, no usage and no ledger row beyond the sign-up grant.
// Runs in the root vitest run (node project), like e2e/replicas.test.ts: it needs no shell build and no browser.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { SERVICE_NAMES, type OpenApiDocument, type OpenApiOperation } from '@act/contracts/server';
import { databaseUrl } from '@act/dev-infra';
import { dataUrl, makePng, startFakeOpenAi, type FakeOpenAi } from '@act/service-kit/testing';
import { startFakeFal, type FakeFal } from '@act/image/testing';
import { startFakeElevenLabs, type FakeElevenLabs } from '@act/voice/testing';
import { startFakeYoutube, type FakeYoutube } from '@act/youtube/testing';
import { launchSystem, type RunningSystem } from './support/system';

const run = promisify(execFile);

const NUL_TEXT = 'a\u0000b';
/** A real PNG for image fields, so the image tools' requests are valid but for the NUL (set in beforeAll). */
let pngDataUrl = '';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  minItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Resolves a local `#/$defs/...` reference of zod's JSON Schema export against the document it sits in. */
function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  const target = root.$defs?.[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return target;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A plausible value of the schema: enough shape that only the NUL field can be what is wrong with the request. */
function sampleOf(input: JsonSchema, root: JsonSchema, depth = 0): unknown {
  const schema = resolve(input, root);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return sampleOf(union[0]!, root, depth);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0]!, root, depth);
  const [type] = typesOf(schema).filter((t) => t !== 'null');
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return schema.pattern?.startsWith('^data:(image') ? pngDataUrl : 'x';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return depth > 4 || !schema.items
        ? []
        : Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items!, root, depth + 1));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property) value[name] = sampleOf(property, root, depth + 1);
      }
      return value;
    }
    default:
      return 'x';
  }
}

interface Variant {
  /** Where the NUL sits, e.g. `messages.0.content`. */
  field: string;
  value: unknown;
}

/** One value of the schema per string field it can hold (in every union variant), that field holding NUL_TEXT. */
function nulVariantsOf(input: JsonSchema, root: JsonSchema, depth = 0, seen = new Set<string>()): Variant[] {
  if (depth > 6) return [];
  if (input.$ref) {
    // A recursive definition is walked once per path.
    if (seen.has(input.$ref)) return [];
    return nulVariantsOf(resolve(input, root), root, depth, new Set([...seen, input.$ref]));
  }
  const schema = input;
  const unions = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (unions.length) return unions.flatMap((option) => nulVariantsOf(option, root, depth, seen));
  const types = typesOf(schema);
  const variants: Variant[] = [];
  if (
    types.includes('string') ||
    (types.length === 0 && (schema.enum ?? []).some((v) => typeof v === 'string'))
  )
    variants.push({ field: '', value: NUL_TEXT });
  if (types.includes('array')) {
    const items = schema.items ? [schema.items] : (schema.prefixItems ?? []);
    for (const item of items) {
      for (const variant of nulVariantsOf(item, root, depth + 1, seen)) {
        const others = Array.from({ length: Math.max(0, (schema.minItems ?? 1) - 1) }, () =>
          sampleOf(item, root, depth + 1),
        );
        variants.push({ field: join('0', variant.field), value: [variant.value, ...others] });
      }
    }
  }
  if (types.includes('object')) {
    const base = sampleOf({ ...schema, anyOf: undefined, oneOf: undefined }, root, depth) as Record<
      string,
      unknown
    >;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      for (const variant of nulVariantsOf(property, root, depth + 1, seen)) {
        variants.push({ field: join(name, variant.field), value: { ...base, [name]: variant.value } });
      }
    }
    if (typeof schema.additionalProperties === 'object') {
      for (const variant of nulVariantsOf(schema.additionalProperties, root, depth + 1, seen)) {
        variants.push({ field: join('key', variant.field), value: { ...base, key: variant.value } });
      }
    }
  }
  return variants;
}

function join(head: string, tail: string): string {
  return tail ? `${head}.${tail}` : head;
}

interface Probe {
  label: string;
  method: string;
  url: string;
  body?: unknown;
}

/** Every request of the walk: for each operation, one per string field, the field holding NUL_TEXT. */
function probesOf(documents: OpenApiDocument[]): Probe[] {
  const probes: Probe[] = [];
  for (const document of documents) {
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods) as Array<[string, OpenApiOperation]>) {
        const parameters = operation.parameters ?? [];
        const pathValues = Object.fromEntries(
          parameters
            .filter((p) => p.in === 'path')
            .map((p) => [p.name, String(sampleOf(p.schema as JsonSchema, p.schema as JsonSchema))]),
        );
        const query = Object.fromEntries(
          parameters
            .filter((p) => p.in === 'query' && p.required)
            .map((p) => [p.name, String(sampleOf(p.schema as JsonSchema, p.schema as JsonSchema))]),
        );
        const urlOf = (pathOverride: Record<string, string>, queryOverride: Record<string, string>) => {
          const values = { ...pathValues, ...pathOverride };
          const filled = template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
            encodeURIComponent(values[name] ?? 'x'),
          );
          const search = new URLSearchParams({ ...query, ...queryOverride }).toString();
          return search ? `${filled}?${search}` : filled;
        };
        const bodySchema = operation.requestBody?.content['application/json'].schema as
          JsonSchema | undefined;
        const baseBody = bodySchema ? sampleOf(bodySchema, bodySchema) : undefined;
        const label = `${method.toUpperCase()} ${template}`;
        const upper = method.toUpperCase();
        for (const parameter of parameters) {
          const schema = parameter.schema as JsonSchema;
          if (nulVariantsOf(schema, schema).length === 0) continue;
          const url =
            parameter.in === 'path'
              ? urlOf({ [parameter.name]: NUL_TEXT }, {})
              : urlOf({}, { [parameter.name]: NUL_TEXT });
          probes.push({
            label: `${label} ${parameter.in} ${parameter.name}`,
            method: upper,
            url,
            body: baseBody,
          });
        }
        if (bodySchema) {
          for (const variant of nulVariantsOf(bodySchema, bodySchema)) {
            probes.push({
              label: `${label} body ${variant.field || '(root)'}`,
              method: upper,
              url: urlOf({}, {}),
              body: variant.value,
            });
          }
        }
      }
    }
  }
  return probes;
}

let system: RunningSystem;
let openai: FakeOpenAi;
let fal: FakeFal;
let elevenlabs: FakeElevenLabs;
let youtube: FakeYoutube;
let dataDir: string;
let sql: postgres.Sql;
let token: string;
let userId: string;

beforeAll(async () => {
  pngDataUrl = dataUrl(await makePng());
  openai = await startFakeOpenAi();
  openai.setFallback({ kind: 'text', text: 'An answer nobody should have paid for.' });
  fal = await startFakeFal();
  elevenlabs = await startFakeElevenLabs();
  youtube = await startFakeYoutube();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-text-'));
  system = await launchSystem({
    dataDir,
    verbose: process.env.E2E_VERBOSE === '1',
    // Seven services loading their TypeScript at once on a busy two-core machine can take minutes.
    readyTimeoutMs: 480_000,
    namespace: `nul_${randomBytes(4).toString('hex')}`,
    env: {
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: 'hostile-text-key',
      FAL_BASE_URL: fal.baseUrl,
      FAL_KEY: 'fal-hostile-text-key',
      FAL_POLL_INTERVAL_MS: '100',
      ELEVENLABS_BASE_URL: elevenlabs.baseUrl,
      ELEVENLABS_API_KEY: elevenlabs.apiKey,
      YOUTUBE_BASE_URL: youtube.baseUrl,
      YOUTUBE_THUMBNAIL_BASE_URL: youtube.baseUrl,
    },
  });
  sql = postgres(databaseUrl(system.databaseUrl, `${system.namespace}_credits`), {
    max: 1,
    onnotice: () => undefined,
  });
  const email = `nul-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct-horse-7';
  const signup = await fetch(`${system.baseUrl}/api/identity/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  userId = ((await signup.json()) as { session: { user: { id: string } } }).session.user.id;
  // The member also holds the support role (granted as operators do, by the CLI), so the support console's
  // endpoints reach their validation too instead of stopping at 403; its token comes from a sign-in after the grant.
  await run('npm', ['run', '-s', 'grant-role', '-w', '@act/identity', '--', email, 'support'], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    env: { ...process.env, DATABASE_URL: databaseUrl(system.databaseUrl, `${system.namespace}_identity`) },
  });
  const signin = await fetch(`${system.baseUrl}/api/identity/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', email, password }),
  });
  token = ((await signin.json()) as { session: { access_token: string } }).session.access_token;
}, 600_000);

afterAll(async () => {
  await sql?.end();
  await system?.stop();
  if (system) {
    const admin = postgres(system.databaseUrl, { max: 1, onnotice: () => undefined });
    try {
      const names = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like ${`${system.namespace}\\_%`}`;
      for (const { datname } of names)
        await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  }
  await Promise.all([openai?.close(), fal?.close(), elevenlabs?.close(), youtube?.close()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

/** What the member's money looks like from outside (balance, history) and inside (holds, usage, ledger). */
async function moneyOf() {
  const me = await fetch(`${system.baseUrl}/api/credits/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const history = await fetch(`${system.baseUrl}/api/credits/tool-usage-history`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [counts] = await sql<{ holds: number; usage: number }[]>`
    select (select count(*)::int from holds) as holds, (select count(*)::int from tool_usage) as usage`;
  const ledger = await sql<{ delta: number; reason: string }[]>`
    select delta, reason from ledger where user_id = ${userId} order by id`;
  return { me: await me.json(), history: await history.json(), ...counts, ledger };
}

/** Calls a paid provider received, by fake (ElevenLabs' voice list is free and read at start: only POSTs count). */
function providerCalls() {
  return {
    openai: openai.requests.length,
    fal: fal.requests.length,
    elevenlabs: elevenlabs.requests.filter((request) => request.method === 'POST').length,
    youtube: youtube.requests.length,
  };
}

describe('text that cannot be stored (U+0000)', () => {
  it('is refused with 400 and the plain-words text by every string field of every endpoint, with no provider call and no charge', async () => {
    const documents: OpenApiDocument[] = [];
    for (const service of SERVICE_NAMES) {
      const reply = await fetch(`${system.baseUrl}/api/${service}/openapi.json`);
      expect(reply.status, `${service} document`).toBe(200);
      documents.push((await reply.json()) as OpenApiDocument);
    }
    const probes = probesOf(documents);
    // Every service has endpoints with text; the walk covers the fields the red-team report named, among others.
    expect(probes.length).toBeGreaterThan(100);
    const labels = probes.map((probe) => probe.label);
    for (const named of [
      'POST /api/image/text-to-image/generate-image body prompt',
      'POST /api/image/background-change body prompt',
      'GET /api/chat/sessions query q',
      'PATCH /api/chat/sessions/{id} path id',
      'POST /api/voice/text-to-speech body text',
    ])
      expect(labels).toContain(named);

    const before = await moneyOf();
    expect(before.ledger).toEqual([{ delta: 50, reason: 'grant' }]);
    const calls = providerCalls();

    const wrong: string[] = [];
    for (const probe of probes) {
      const response = await fetch(`${system.baseUrl}${probe.url}`, {
        method: probe.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        // A DELETE may carry a body too (the account's deletion: its password stays out of the URL).
        ...(probe.body === undefined || probe.method === 'GET' ? {} : { body: JSON.stringify(probe.body) }),
      });
      const text = await response.text();
      let error: unknown;
      try {
        error = (JSON.parse(text) as { error?: unknown }).error;
      } catch {
        error = text.slice(0, 80);
      }
      if (response.status !== 400 || error !== ERROR_TEXTS.validation.nulCharacter)
        wrong.push(`${probe.label}: ${response.status} ${JSON.stringify(error)}`);
    }
    expect(wrong).toEqual([]);

    // Anything a refused call might have started in the background has had time to reach a provider or credits.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(providerCalls()).toEqual(calls);
    expect(await moneyOf()).toEqual({ ...before, holds: 0, usage: 0 });
  }, 300_000);
});
