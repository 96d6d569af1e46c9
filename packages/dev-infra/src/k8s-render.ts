// For the static checks of k8s/ (tests only): a kustomization rendered by `kubectl kustomize`, and one object
// validated against the Kubernetes schema: kubernetes-models' validators (generated from the Kubernetes OpenAPI)
// check types, enums and required fields but let unknown fields through, so every field is also looked up in the
// official client's model table (@kubernetes/client-node, generated from the same OpenAPI, Kubernetes 1.36): a field
// the API does not define fails, as `kubectl apply --validate=strict` would refuse it. Custom resources (CloudNativePG's
// Cluster) are checked the same way against the type declarations their kubernetes-models package generates from
// the operator's CRD.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RenderedObject {
  apiVersion: string;
  kind: string;
}

/** The objects a kustomization folder (relative to the repo root) renders to. */
export function render<T extends RenderedObject>(dir: string): T[] {
  const yaml = execFileSync('kubectl', ['kustomize', path.join(repoRoot, dir)], { encoding: 'utf8' });
  return parseAllDocuments(yaml).map((doc) => doc.toJSON() as T);
}

/** Custom resources we ship, with the kubernetes-models package generated from their CRD. */
const CUSTOM_RESOURCE_MODULES: Record<string, string> = {
  'postgresql.cnpg.io/v1': '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1',
};

/**
 * Validates one object: types, enums and required fields with the kubernetes-models class for its apiVersion and
 * kind, then (built-in kinds) no field unknown to the Kubernetes API. Throws with every problem found.
 */
export async function validateAgainstSchema(object: RenderedObject): Promise<void> {
  const custom = CUSTOM_RESOURCE_MODULES[object.apiVersion];
  const groupVersion = object.apiVersion.includes('/') ? object.apiVersion : `v1`;
  const module = (await import(
    /* @vite-ignore */ custom
      ? `${custom}/${object.kind}`
      : `kubernetes-models/${groupVersion}/${object.kind}`
  )) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = module[object.kind];
  if (!Model) throw new Error(`No schema for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
  const unknown = custom ? unknownCustomFields(object, custom) : await unknownFields(object);
  if (unknown.length > 0) throw new Error(unknown.join('; '));
}

interface AttributeType {
  baseName: string;
  type: string;
}
type ModelTable = Record<string, { getAttributeTypeMap?: () => AttributeType[] } | undefined>;

let models: Promise<ModelTable> | undefined;

/** The model of a built-in kind: `V1Deployment` for apps/v1 Deployment, `V2HorizontalPodAutoscaler` for autoscaling/v2. */
function modelName(object: RenderedObject): string {
  const version = object.apiVersion.split('/').pop()!;
  return `${version[0]!.toUpperCase()}${version.slice(1)}${object.kind}`;
}

/** Every field of the object (paths like `spec.template.spec.containers[0].lifecycle.preStop.sleeep`) that its kind does not define. */
export async function unknownFields(object: RenderedObject): Promise<string[]> {
  // The model classes only: the package's entry point also loads its HTTP client, which needs a newer Node.
  models ??= import(
    /* @vite-ignore */ '@kubernetes/client-node/dist/gen/models/all.js'
  ) as unknown as Promise<ModelTable>;
  const table = await models;
  const root = modelName(object);
  if (!table[root]?.getAttributeTypeMap)
    return [`no Kubernetes model ${root} for ${object.apiVersion} ${object.kind}`];
  const problems: string[] = [];
  const walk = (value: unknown, type: string, at: string): void => {
    if (value === null || value === undefined) return;
    const array = /^Array<(.+)>$/.exec(type);
    if (array) {
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, array[1]!, `${at}[${index}]`));
      return;
    }
    const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
    if (map) {
      if (typeof value === 'object' && !Array.isArray(value))
        for (const [key, item] of Object.entries(value)) walk(item, map[1]!, `${at}.${key}`);
      return;
    }
    // Scalars (string, number, boolean, Date, IntOrString, any): kubernetes-models checks their types.
    const fields = table[type]?.getAttributeTypeMap?.();
    if (!fields || typeof value !== 'object' || Array.isArray(value)) return;
    const byName = new Map(fields.map((field) => [field.baseName, field.type]));
    for (const [key, item] of Object.entries(value)) {
      const fieldType = byName.get(key);
      const where = at ? `${at}.${key}` : key;
      if (fieldType === undefined) problems.push(`${where}: unknown field (not in ${type})`);
      else walk(item, fieldType, where);
    }
  };
  walk(object, root, '');
  return problems;
}

/** A module path's folder in node_modules (the package exports ESM only, so require.resolve cannot find it). */
function moduleDir(modulePath: string): string {
  const candidates = [path.dirname(fileURLToPath(import.meta.url)) + '/..', repoRoot].map((dir) =>
    path.join(dir, 'node_modules', modulePath),
  );
  const found = candidates.find((dir) => fs.existsSync(dir));
  if (!found) throw new Error(`${modulePath} is not installed`);
  return found;
}

/** The fields of the interface a generated kubernetes-models declaration file describes, with their types. */
function declaredFields(file: string): { fields: Map<string, string>; imports: Map<string, string> } {
  const text = fs.readFileSync(file, 'utf8');
  const imports = new Map<string, string>();
  // Types of the same package, also in other folders (CloudNativePG's backup settings come from barman-cloud's).
  for (const [, name, from] of text.matchAll(/^import \{ (\w+) \} from "(\.\.?\/[\w./-]+)\.js";$/gm))
    imports.set(name!, path.join(path.dirname(file), `${from}.d.ts`));
  // The class lists every field, inherited ones too (BarmanObjectStoreConfiguration extends BarmanCredentials).
  const body =
    (/export declare class \w+[^{]*\{([\s\S]*?)\n\}/.exec(text) ??
      /export interface \w+[^{]*\{([\s\S]*?)\n\}/.exec(text))?.[1] ?? '';
  const fields = new Map<string, string>();
  // One field per line at the interface's indentation; an inline type (`{ [key: string]: string }`) spans lines.
  for (const [, name, type] of body.matchAll(/^ {4}"([^"]+)"\??: (.*)$/gm))
    fields.set(name!, type!.replace(/;$/, ''));
  return { fields, imports };
}

/** Fields of a custom resource that its generated declarations (from the operator's CRD) do not define. */
export function unknownCustomFields(object: RenderedObject, modulePath: string): string[] {
  const root = path.join(moduleDir(modulePath), `${object.kind}.d.ts`);
  const problems: string[] = [];
  const walk = (value: unknown, file: string, at: string): void => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const { fields, imports } = declaredFields(file);
    for (const [key, item] of Object.entries(value)) {
      const where = at ? `${at}.${key}` : key;
      const type = fields.get(key);
      if (type === undefined) {
        problems.push(`${where}: unknown field (not in ${path.basename(file, '.d.ts')})`);
        continue;
      }
      // Only the package's own types are followed; Kubernetes types (metadata, env, resources) and scalars stop here.
      const array = /^Array<(\w+)>$/.exec(type);
      const nested = imports.get(array ? array[1]! : type);
      if (!nested) continue;
      if (array && Array.isArray(item)) item.forEach((entry, i) => walk(entry, nested, `${where}[${i}]`));
      else walk(item, nested, where);
    }
  };
  walk(object, root, '');
  return problems;
}
