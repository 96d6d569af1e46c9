// Migrations as their own step in k8s (docs/deploy.md#migrations): in every overlay, each Deployment whose service
// has a database runs the image's `migrate` command in an init container reading the same database URL, and its
// service container does not migrate again; a rollout keeps its old pods until a new one is ready, so a migration
// that fails stops the rollout with the old version serving. docker-compose keeps migrating at start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { render } from './k8s-render';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: unknown;
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  env?: EnvVar[];
  envFrom?: unknown[];
}
interface Deployment {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: {
    strategy?: { rollingUpdate?: { maxUnavailable?: number } };
    template: { spec: { containers: Container[]; initContainers?: Container[] } };
  };
}

const WITH_DATABASE = ['identity', 'credits', 'chat', 'image', 'voice', 'youtube'];
const envOf = (container: Container | undefined, name: string) =>
  container?.env?.find((e) => e.name === name);

describe.each(['k8s/overlays/cnpg', 'k8s/overlays/external-db', 'k8s/overlays/production'])('%s', (dir) => {
  const deployments = render<Deployment>(dir).filter((o) => o.kind === 'Deployment');

  it.each(WITH_DATABASE)(
    '%s migrates in an init container, with its image and database, before it starts',
    (name) => {
      const deployment = deployments.find((d) => d.metadata.name === name)!;
      const { containers, initContainers = [] } = deployment.spec.template.spec;
      const service = containers.find((c) => c.name === name)!;
      expect(initContainers.map((c) => c.name)).toEqual(['migrate']);
      const [migrate] = initContainers;
      expect(migrate!.image).toBe(service.image);
      expect([...(migrate!.command ?? []), ...(migrate!.args ?? [])]).toEqual([
        'node',
        '--enable-source-maps',
        'dist/main.js',
        'migrate',
      ]);
      expect(envOf(migrate, 'DATABASE_URL')).toEqual(envOf(service, 'DATABASE_URL'));
      expect(envOf(migrate, 'DATABASE_URL')?.valueFrom).toBeDefined();
      // The service container leaves it to the init container.
      expect(envOf(service, 'MIGRATE_AT_START')?.value).toBe('false');
      // No old pod goes before a new one is ready: a failing migration leaves the old version serving.
      expect(deployment.spec.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    },
  );

  it('gives no migration step to the workloads without a database', () => {
    for (const deployment of deployments.filter((d) => !WITH_DATABASE.includes(d.metadata.name))) {
      expect(deployment.spec.template.spec.initContainers, deployment.metadata.name).toBeUndefined();
    }
  });
});

describe('docker-compose', () => {
  it('leaves MIGRATE_AT_START unset: each service migrates when it starts, as with npm start', () => {
    const compose = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(compose).not.toContain('MIGRATE_AT_START');
    expect(Object.keys((parse(compose) as { services: object }).services)).toEqual(
      expect.arrayContaining(WITH_DATABASE),
    );
  });
});
