// For the static configuration checks (tests only): what each service's and the gateway's own config schema needs,
// what a rendered k8s Deployment or a docker-compose service gives it, and the Secrets docs/deploy.md lists. A
// workload whose settings would not pass its own schema (a required variable missing, a value its schema refuses)
// is a failing test here instead of a crash loop in a cluster.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The fields of a config schema, through its refinements and transforms (`.superRefine().transform()`). */
export function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  // By the definition's type rather than instanceof: the services' zod is not a dependency of this package.
  const def = schema.def as { type: string; in?: z.ZodType; shape?: Record<string, z.ZodType> };
  if (def.type === 'pipe') return fieldsOf(def.in!);
  if (def.type === 'object') return def.shape!;
  throw new Error(`not an object schema (${def.type})`);
}

/** Variables the schema refuses to do without: neither optional nor defaulted. */
export function requiredVariables(schema: z.ZodType): string[] {
  return Object.entries(fieldsOf(schema))
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}

/** Variables whose default names the loopback: right on a laptop, wrong in a cluster (links, senders, listeners). */
export function loopbackDefaults(schema: z.ZodType): string[] {
  return Object.entries(fieldsOf(schema))
    .filter(([, field]) => /localhost|127\.0\.0\.1/.test(String(field.safeParse(undefined).data ?? '')))
    .map(([name]) => name);
}

/** Values of the shapes secrets take, one of which each secret variable's own field accepts. */
const PLACEHOLDERS = [
  'postgres://act:secret@db.example.com:5432/act',
  'nats://nats.example.com:4222',
  'redis://redis.example.com:6379',
  'smtps://user:secret@mail.example.com:465',
  'https://example.com',
  's'.repeat(64),
];

/** A value standing in for a secret the configuration cannot show: one the variable's field accepts. */
export function placeholderFor(schema: z.ZodType, name: string): string {
  const field = fieldsOf(schema)[name];
  return PLACEHOLDERS.find((value) => !field || field.safeParse(value).success) ?? PLACEHOLDERS.at(-1)!;
}

/** A Secret docs/deploy.md lists: the keys a workload can count on, and those it may leave out. */
export interface DocumentedSecret {
  required: string[];
  optional: string[];
}

/**
 * The Secrets docs/deploy.md lists, by name: each is a `### ` heading naming one or more Secrets in backticks,
 * followed by a `Keys:` paragraph, required keys first, then `optional:` and the keys that may be left out.
 */
export function documentedSecrets(text = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8')) {
  const secrets = new Map<string, DocumentedSecret>();
  const names = (line: string) => [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  for (const section of text.split(/^### /m).slice(1)) {
    const [heading = '', ...body] = section.split('\n');
    // The `Keys:` paragraph (it may wrap) up to the next blank line.
    const start = body.findIndex((line) => line.startsWith('Keys:'));
    if (start < 0) continue;
    const end = body.findIndex((line, index) => index > start && line.trim() === '');
    const keysLine = body.slice(start, end < 0 ? undefined : end).join(' ');
    const [required = '', optional = ''] = keysLine.slice('Keys:'.length).split(/\boptional:/);
    for (const name of names(heading))
      secrets.set(name, { required: names(required), optional: names(optional) });
  }
  return secrets;
}

/** Where a variable of a workload comes from. */
export type Source =
  | { kind: 'value'; value: string }
  | { kind: 'secret'; secret: string; key: string; optional: boolean }
  | { kind: 'other' };

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface EnvFrom {
  configMapRef?: { name: string };
  secretRef?: { name: string; optional?: boolean };
}
export interface ContainerEnv {
  env?: EnvVar[];
  envFrom?: EnvFrom[];
}

/**
 * What a container's environment holds, as the kubelet builds it: `envFrom` in order (a ConfigMap's data, a
 * Secret's keys as docs/deploy.md lists them), then `env`, which wins.
 */
export function containerSources(
  container: ContainerEnv,
  configMaps: Map<string, Record<string, string>>,
  secrets: Map<string, DocumentedSecret>,
): Map<string, Source> {
  const sources = new Map<string, Source>();
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) {
      const data = configMaps.get(from.configMapRef.name) ?? {};
      for (const [name, value] of Object.entries(data)) sources.set(name, { kind: 'value', value });
    }
    if (from.secretRef) {
      const { name, optional = false } = from.secretRef;
      const documented = secrets.get(name);
      for (const key of documented?.required ?? [])
        sources.set(key, { kind: 'secret', secret: name, key, optional });
      for (const key of documented?.optional ?? [])
        sources.set(key, { kind: 'secret', secret: name, key, optional: true });
    }
  }
  for (const variable of container.env ?? []) {
    const secretRef = variable.valueFrom?.secretKeyRef;
    const mapRef = variable.valueFrom?.configMapKeyRef;
    if (variable.value !== undefined) sources.set(variable.name, { kind: 'value', value: variable.value });
    else if (secretRef)
      sources.set(variable.name, {
        kind: 'secret',
        secret: secretRef.name,
        key: secretRef.key,
        optional: secretRef.optional ?? false,
      });
    else if (mapRef && configMaps.get(mapRef.name)?.[mapRef.key] !== undefined)
      sources.set(variable.name, { kind: 'value', value: configMaps.get(mapRef.name)![mapRef.key]! });
    else sources.set(variable.name, { kind: 'other' });
  }
  return sources;
}

/**
 * What keeps a workload from starting with these settings: what its schema refuses once every secret the
 * workload can count on (not optional, and a key its Secret's documentation says is there) holds a value of the
 * right shape. An empty list means it starts.
 */
export function startupProblems(schema: z.ZodType, sources: Map<string, Source>): string[] {
  const env: Record<string, string> = {};
  for (const [name, source] of sources) {
    if (source.kind === 'value') env[name] = source.value;
    if (source.kind === 'secret' && !source.optional) env[name] = placeholderFor(schema, name);
  }
  const result = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '(root)');
    return env[name] === undefined ? `${name}: is required but not set` : `${name}: ${issue.message}`;
  });
}

/** Every Secret (and key, where one is named) a rendered object refers to, wherever it sits in the object. */
export function secretReferences(
  object: unknown,
): Array<{ secret: string; key?: string; optional: boolean }> {
  const found: Array<{ secret: string; key?: string; optional: boolean }> = [];
  const walk = (value: unknown, parentKey: string): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, parentKey));
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    // env[].valueFrom.secretKeyRef, envFrom[].secretRef, and CloudNativePG's credential selectors ({ name, key }).
    if (parentKey === 'secretKeyRef' || parentKey === 'secretRef' || parentKey.endsWith('Credentials.'))
      found.push({
        secret: String(record.name),
        key: typeof record.key === 'string' ? record.key : undefined,
        optional: record.optional === true,
      });
    for (const [key, item] of Object.entries(record)) {
      if (key === 'secretName' && typeof item === 'string') found.push({ secret: item, optional: false });
      // A credentials block's fields are selectors themselves (s3Credentials.accessKeyId → { name, key }).
      walk(item, parentKey.endsWith('Credentials') ? `${parentKey}.` : key);
    }
  };
  walk(object, '');
  return found;
}
