// Migrations as their own step in k8s (docs/deploy.md#migrations): in every overlay, each Deployment whose service
// has a database runs the image's `migrate` command in an init container reading the same database URL, and its
// service container does not migrate again; a rollout keeps its old pods until a new one is ready, so a migration
// that fails stops the rollout with the old version serving. docker-compose keeps migrating at start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@act/contracts/server';
import { render, type RenderedObject } from './k8s-render';

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
interface Deployment extends RenderedObject {
  metadata: { name: string };
  spec: {
    strategy?: { rollingUpdate?: { maxUnavailable?: number } };
    template: { spec: { containers: Container[]; initContainers?: Container[] } };
  };
}

// Every service keeps its own database, so every service has a migration Job.
const WITH_DATABASE: readonly string[] = SERVICE_NAMES;
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

interface Job extends RenderedObject {
  metadata: { name: string; labels: Record<string, string> };
  spec: {
    backoffLimit?: number;
    ttlSecondsAfterFinished?: number;
    template: {
      metadata: { labels: Record<string, string> };
      spec: { restartPolicy: string; securityContext?: unknown; containers: Container[] };
    };
  };
}
interface Policy extends RenderedObject {
  spec: {
    podSelector: { matchLabels?: Record<string, string> };
    ingress?: Array<{
      from?: Array<{ podSelector?: { matchLabels: Record<string, string> } }>;
      ports?: Array<{ port: number }>;
    }>;
  };
}

const productVersion = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;
const MIGRATE = ['node', '--enable-source-maps', 'dist/main.js', 'migrate'];
const commandOf = (c: Container) => [...(c.command ?? []), ...(c.args ?? [])];

// The release's first step: `kubectl apply -k <overlay>/migrations`, wait for the Jobs, then apply the overlay.
describe.each(['k8s/overlays/cnpg', 'k8s/overlays/external-db', 'k8s/overlays/production'])(
  '%s/migrations',
  (dir) => {
    const jobs = render<Job>(`${dir}/migrations`);
    const overlay = render<Deployment | Policy>(dir);
    const deployment = (name: string) =>
      overlay.find(
        (o): o is Deployment => o.kind === 'Deployment' && (o as Deployment).metadata.name === name,
      )!;

    it('holds Jobs only, one per service with a database, named and labelled with the product version', () => {
      expect(jobs.every((o) => o.kind === 'Job')).toBe(true);
      expect(jobs.map((j) => j.metadata.name).sort()).toEqual(
        WITH_DATABASE.map((name) => `${name}-migrate-${productVersion.replace(/\./g, '-')}`).sort(),
      );
      for (const job of jobs) expect(job.metadata.labels['app.kubernetes.io/version']).toBe(productVersion);
    });

    it.each(WITH_DATABASE)(
      "%s's Job runs `migrate` as its init container does: same image (the product version), database, security",
      (name) => {
        const job = jobs.find((j) => j.metadata.labels['app.kubernetes.io/name'] === `${name}-migrate`)!;
        const pod = deployment(name).spec.template.spec as unknown as {
          securityContext: unknown;
          initContainers: Container[];
        };
        const [migrate] = pod.initContainers;
        const [container] = job.spec.template.spec.containers;
        expect(job.spec.template.spec.containers).toHaveLength(1);
        expect(commandOf(container!)).toEqual(MIGRATE);
        expect(container!.image).toBe(migrate!.image);
        expect(container!.image.endsWith(`:${productVersion}`), container!.image).toBe(true);
        expect(envOf(container, 'DATABASE_URL')).toEqual(envOf(migrate, 'DATABASE_URL'));
        expect(envOf(container, 'DATABASE_URL')?.valueFrom).toBeDefined();
        const { securityContext, resources } = container as Container & {
          securityContext: unknown;
          resources: unknown;
        };
        const init = migrate as Container & { securityContext: unknown; resources: unknown };
        expect(securityContext).toEqual(init.securityContext);
        expect(resources).toEqual(init.resources);
        expect(job.spec.template.spec.securityContext).toEqual(pod.securityContext);
        // A failure is final soon (the wait then fails) and finished Jobs go away on their own.
        expect(job.spec.template.spec.restartPolicy).toBe('Never');
        expect(job.spec.backoffLimit).toBeLessThanOrEqual(2);
        expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
        // Not the service's own label: its Service, disruption budget and Deployment do not select the Job's pod.
        expect(job.spec.template.metadata.labels['app.kubernetes.io/name']).toBe(`${name}-migrate`);
        if (dir.endsWith('cnpg')) {
          const policy = overlay.find(
            (o): o is Policy =>
              o.kind === 'NetworkPolicy' &&
              (o as Policy).spec.podSelector.matchLabels?.['cnpg.io/cluster'] === `${name}-db`,
          )!;
          const admitted = policy.spec.ingress!.filter((rule) =>
            rule.from?.some(
              (from) => from.podSelector?.matchLabels['app.kubernetes.io/name'] === `${name}-migrate`,
            ),
          );
          expect(admitted.flatMap((rule) => rule.ports?.map((p) => p.port))).toContain(5432);
        }
      },
    );
  },
);

describe('docker-compose', () => {
  it('leaves MIGRATE_AT_START unset: each service migrates when it starts, as with npm start', () => {
    const compose = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(compose).not.toContain('MIGRATE_AT_START');
    expect(Object.keys((parse(compose) as { services: object }).services)).toEqual(
      expect.arrayContaining([...WITH_DATABASE]),
    );
  });
});
