// For the static checks of k8s/ (tests only): a kustomization rendered by `kubectl kustomize`, and one object
// validated against the Kubernetes schema (kubernetes-models' validators, generated from the Kubernetes OpenAPI).
import { execFileSync } from 'node:child_process';
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

/** Validates one object with the kubernetes-models class for its apiVersion and kind; throws on a violation. */
export async function validateAgainstSchema(object: RenderedObject): Promise<void> {
  const groupVersion = object.apiVersion.includes('/') ? object.apiVersion : `v1`;
  const module = (await import(
    /* @vite-ignore */ `kubernetes-models/${groupVersion}/${object.kind}`
  )) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = module[object.kind];
  if (!Model) throw new Error(`No schema for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}
