// One product version (docs/operations.md#versions): the root package.json's `version` is what `npm run images`
// tags every image with (it builds the tags docker-compose.yml names), what docker-compose.yml runs, and what every
// k8s kustomization deploys; CHANGELOG.md has an entry for it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { PRODUCT_VERSION } from '@act/contracts';
import { appImages } from './docker-images';
import { render } from './k8s-render';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rootVersion = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version?: string }
).version;

interface Workload {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: {
    template?: { spec: { containers: Array<{ image: string }>; initContainers?: Array<{ image: string }> } };
  };
}

describe('the product version', () => {
  it('is the root package.json version, a semantic version, and what the code reports', () => {
    expect(rootVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(PRODUCT_VERSION).toBe(rootVersion);
  });

  it('tags every image `npm run images` builds as act/<name>:<version>, the tags docker-compose.yml runs', () => {
    const images = appImages();
    expect(images).toHaveLength(14);
    for (const image of images) expect(image.tag).toBe(`act/${image.service}:${rootVersion}`);
    const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { image?: string }>;
    };
    const ours = Object.values(compose.services)
      .map((s) => s.image ?? '')
      .filter((image) => image.startsWith('act/'));
    expect(ours.length).toBe(14);
    for (const image of ours)
      expect(image).toMatch(new RegExp(`^act/[a-z-]+:${rootVersion!.replace(/\./g, '\\.')}$`));
  });

  it.each(['k8s/overlays/cnpg', 'k8s/overlays/external-db', 'k8s/overlays/production'])(
    '%s deploys that version of every image of ours',
    (dir) => {
      const images = render<Workload>(dir)
        .filter((o) => o.kind === 'Deployment')
        .flatMap((d) => [
          ...d.spec!.template!.spec.containers,
          ...(d.spec!.template!.spec.initContainers ?? []),
        ])
        .map((c) => c.image)
        .filter((image) => /(^|\/)act\//.test(image));
      expect(images.length).toBeGreaterThanOrEqual(13);
      for (const image of images) expect(image.endsWith(`:${rootVersion}`), image).toBe(true);
    },
  );

  it.each(['k8s/overlays/cnpg', 'k8s/overlays/external-db', 'k8s/overlays/production'])(
    '%s/migrations runs that version of each migrating image, in Jobs named for it',
    (dir) => {
      const jobs = render<Workload>(`${dir}/migrations`).filter((o) => o.kind === 'Job');
      expect(jobs).toHaveLength(8);
      for (const job of jobs) {
        expect(job.metadata.name.endsWith(`-${rootVersion!.replace(/\./g, '-')}`), job.metadata.name).toBe(
          true,
        );
        for (const { image } of job.spec!.template!.spec.containers)
          expect(image.endsWith(`:${rootVersion}`), image).toBe(true);
      }
    },
  );

  it('has its entry in CHANGELOG.md, under an Unreleased section', () => {
    const changelog = fs.readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    expect(changelog).toMatch(
      new RegExp(`^## \\[${rootVersion!.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
  });
});
