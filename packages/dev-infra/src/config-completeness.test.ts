// Configuration completeness: each service's and the gateway's own config schema, against what docker-compose.yml
// and every k8s overlay give it (a value, a ConfigMap, or a Secret docs/deploy.md lists with its keys). A required
// variable nobody provides, a value the schema refuses, a Secret the docs do not list, or a credential handed to a
// workload that never reads it fails here, not as a crash loop or a leak in a cluster.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SERVICE_NAMES } from '@act/contracts/server';
import { chatConfigSchema } from '../../../services/chat/src/config';
import { creditsConfigSchema } from '../../../services/credits/src/config';
import { identityConfigSchema } from '../../../services/identity/src/config';
import { imageConfigSchema } from '../../../services/image/src/config';
import { promptConfigSchema } from '../../../services/prompt/src/config';
import { voiceConfigSchema } from '../../../services/voice/src/config';
import { youtubeConfigSchema } from '../../../services/youtube/src/config';
import { libraryConfigSchema } from '../../../services/library/src/config';
import { gatewayConfigSchema } from '../../../gateway/src/config';
import {
  containerSources,
  documentedSecrets,
  fieldsOf,
  loopbackDefaults,
  secretReferences,
  startupProblems,
  type ContainerEnv,
  type DocumentedSecret,
  type Source,
} from './config-coverage';
import { render } from './k8s-render';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const SCHEMAS: Record<string, z.ZodType> = {
  identity: identityConfigSchema,
  credits: creditsConfigSchema,
  prompt: promptConfigSchema,
  chat: chatConfigSchema,
  image: imageConfigSchema,
  voice: voiceConfigSchema,
  youtube: youtubeConfigSchema,
  library: libraryConfigSchema,
  gateway: gatewayConfigSchema,
};

/** Credentials: what a workload that does not read them must not be given (least privilege). */
function credentialNames(secrets: Map<string, DocumentedSecret>): Set<string> {
  const keys = [...secrets.values()].flatMap((secret) => [...secret.required, ...secret.optional]);
  return new Set([...keys.filter((key) => /^[A-Z][A-Z0-9_]+$/.test(key)), 'DATABASE_URL', 'NATS_PASSWORD']);
}

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: { template?: { spec: { containers: ContainerEnv[] } } };
}

/** Everything that would keep an overlay's services and gateway from starting, or that hands out too much. */
function k8sProblems(objects: K8sObject[], secrets: Map<string, DocumentedSecret>): string[] {
  const problems: string[] = [];
  const configMaps = new Map(
    objects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]),
  );
  const credentials = credentialNames(secrets);
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
    if (!deployment) {
      problems.push(`${name}: no Deployment`);
      continue;
    }
    const sources = containerSources(deployment.spec!.template!.spec.containers[0]!, configMaps, secrets);
    problems.push(...startupProblems(schema, sources).map((problem) => `${name}: ${problem}`));
    for (const variable of loopbackDefaults(schema))
      if (!sources.has(variable))
        problems.push(`${name}: ${variable} keeps its default, which names the loopback`);
    const fields = fieldsOf(schema);
    for (const [variable, source] of sources)
      if (source.kind === 'secret' && credentials.has(variable) && !(variable in fields))
        problems.push(`${name}: is given ${variable} (Secret ${source.secret}), which it does not read`);
  }
  for (const object of objects)
    for (const { secret, key, optional } of secretReferences(object)) {
      const documented = secrets.get(secret);
      const where = `${object.kind}/${object.metadata.name}`;
      if (!documented) problems.push(`${where}: Secret ${secret} is not listed in docs/deploy.md`);
      else if (key && ![...documented.required, ...(optional ? documented.optional : [])].includes(key))
        problems.push(
          `${where}: Secret ${secret} key ${key} is not listed as ${optional ? 'a' : 'a required'} key`,
        );
    }
  return problems;
}

const OVERLAYS = ['k8s/overlays/cnpg', 'k8s/overlays/external-db', 'k8s/overlays/production'];
const renders = new Map<string, K8sObject[]>();
/** An overlay's objects, rendered once per file (kubectl kustomize takes seconds); callers copy before changing them. */
const rendered = (dir: string) => {
  if (!renders.has(dir)) renders.set(dir, render<K8sObject>(dir));
  return renders.get(dir)!;
};

describe('k8s gives every service and the gateway what its config schema needs', () => {
  const secrets = documentedSecrets();

  it.each(OVERLAYS)('%s', (dir) => {
    expect(k8sProblems(rendered(dir), secrets)).toEqual([]);
  });

  it('refuses a missing variable, an undocumented Secret and a credential nobody reads', () => {
    const objects = structuredClone(rendered('k8s/overlays/external-db'));
    const credits = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'credits')!;
    const [container] = credits.spec!.template!.spec.containers as Array<ContainerEnv>;
    container!.env = container!.env!.filter((variable) => variable.name !== 'DATABASE_URL');
    container!.envFrom = [...(container!.envFrom ?? []), { secretRef: { name: 'act-s3' } }];
    const withoutFiles = new Map(secrets);
    withoutFiles.delete('act-files');
    const problems = k8sProblems(objects, withoutFiles);
    expect(problems).toContain('credits: DATABASE_URL: is required but not set');
    expect(problems).toContain(
      'credits: is given S3_SECRET_ACCESS_KEY (Secret act-s3), which it does not read',
    );
    expect(problems).toContain('chat: FILE_URL_SECRET: is required but not set');
    expect(problems).toContain('Deployment/chat: Secret act-files is not listed in docs/deploy.md');
  });

  it('lists each documented Secret with the command that makes it, and each is used by some kustomization', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    // The TestRuns are applied one at a time with `kubectl apply -f`, outside the load-tests kustomization.
    const testRuns = fs
      .readdirSync(path.join(repoRoot, 'k8s/load-tests'))
      .filter((file) => file.startsWith('testrun-'))
      .map(
        (file) => parse(fs.readFileSync(path.join(repoRoot, 'k8s/load-tests', file), 'utf8')) as K8sObject,
      );
    const objects = [...OVERLAYS.map(rendered), render<K8sObject>('k8s/load-tests'), testRuns].flat();
    const used = new Set(objects.flatMap((object) => secretReferences(object).map((ref) => ref.secret)));
    for (const name of secrets.keys()) {
      expect(used.has(name), `${name} is referenced by a manifest`).toBe(true);
      const section = text.split(/^### /m).find((s) => s.split('\n')[0]!.includes(`\`${name}\``))!;
      // A command (kubectl, or the operator that makes it), in a shell block.
      expect(section, name).toMatch(/```sh\n[\s\S]*(kubectl|cnpg)/);
    }
    expect(secrets.get('act-identity')?.required).toContain('IDENTITY_SIGNING_KEYS');
  });
});

// docker-compose.yml, read the way Compose reads it: YAML merge keys, then `${VAR}`, `${VAR:-default}` from an
// environment that sets nothing (every default applies), as a plain `docker compose up` with no .env file.
interface ComposeService {
  environment?: Record<string, string | number>;
}
const composeText = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
const INTERPOLATION = /\$\{(\w+)(?::?-([^}]*))?\}/g;
const interpolate = (value: string | number) =>
  String(value).replace(INTERPOLATION, (_, _name: string, fallback = '') => fallback);

/** .env.example: NAME=value lines, after the comments that explain them. */
const envExample = new Map(
  fs
    .readFileSync(path.join(repoRoot, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z]/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
);

function composeProblems(services: Record<string, ComposeService>): string[] {
  const problems: string[] = [];
  const credentials = credentialNames(documentedSecrets());
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const service = services[name];
    if (!service) {
      problems.push(`${name}: not in docker-compose.yml`);
      continue;
    }
    const environment = service.environment ?? {};
    const sources = new Map<string, Source>(
      Object.entries(environment).map(([key, value]) => [key, { kind: 'value', value: interpolate(value) }]),
    );
    problems.push(...startupProblems(schema, sources).map((problem) => `${name}: ${problem}`));
    const fields = fieldsOf(schema);
    // A setting the operator sets once (.env.example) reaches every service that reads it.
    for (const variable of envExample.keys())
      if (variable in fields && !(variable in environment))
        problems.push(`${name}: reads ${variable}, which the operator sets, but is not given it`);
    for (const variable of Object.keys(environment))
      if (credentials.has(variable) && !(variable in fields))
        problems.push(`${name}: is given ${variable}, which it does not read`);
  }
  return problems;
}

describe('docker-compose.yml gives every service and the gateway what its config schema needs', () => {
  it('starts each of them with the defaults, passes on what the operator sets, and no unread credential', () => {
    expect(composeProblems(compose.services)).toEqual([]);
  });

  it('refuses a missing variable, a setting kept from a service that reads it and a credential nobody reads', () => {
    const services = structuredClone(compose.services);
    delete services.credits!.environment!.DATABASE_URL;
    delete services.chat!.environment!.OPENAI_API_KEY;
    services.youtube!.environment!.FILE_URL_SECRET = '${FILE_URL_SECRET:-x}';
    const problems = composeProblems(services);
    expect(problems).toContain('credits: DATABASE_URL: is required but not set');
    expect(problems).toContain('chat: reads OPENAI_API_KEY, which the operator sets, but is not given it');
    expect(problems).toContain('youtube: is given FILE_URL_SECRET, which it does not read');
  });

  it('.env.example lists every variable the compose file reads from the environment, with no secret in it', () => {
    const read = new Set([...composeText.matchAll(INTERPOLATION)].map((match) => match[1]!));
    expect([...envExample.keys()].sort()).toEqual([...read].sort());
    for (const [name, value] of envExample)
      if (/PASSWORD|SECRET|KEY|TOKEN|_URL$/.test(name)) expect(value, name).toBe('');
    // Every service the product ships reads its settings from it: the list covers each schema's operator settings.
    expect(SERVICE_NAMES.every((name) => name in compose.services)).toBe(true);
  });
});
