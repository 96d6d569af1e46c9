// Static checks of the cluster load tests: k8s/load-tests renders, its objects pass the Kubernetes schema, the
// scenarios' ConfigMap holds every file of load-tests/k6 (a scenario importing a file left out would fail only in the
// cluster), and each TestRun names a scenario in it, reaches the gateway's Service and is let through its policy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { render, validateAgainstSchema, type RenderedObject } from './k8s-render';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const loadTestsDir = path.join(repoRoot, 'k8s/load-tests');
const scenariosDir = path.join(repoRoot, 'load-tests/k6');

interface Rendered extends RenderedObject {
  metadata: { name: string; namespace?: string };
  data?: Record<string, string>;
  spec?: { podSelector?: { matchLabels?: Record<string, string> }; ingress?: Array<{ from: unknown[] }> };
}

interface TestRun {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string };
  spec: {
    parallelism: number;
    script: { configMap: { name: string; file: string } };
    runner: {
      image: string;
      metadata: { labels: Record<string, string> };
      env: Array<{ name: string; value?: string }>;
    };
  };
}

const objects = render<Rendered>('k8s/load-tests');
const scenarios = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'act-k6-scenarios');
const testRunFiles = fs.readdirSync(loadTestsDir).filter((file) => /^testrun-.*\.yaml$/.test(file));
const testRuns = testRunFiles.map(
  (file) => parse(fs.readFileSync(path.join(loadTestsDir, file), 'utf8')) as TestRun,
);
/** Scenario files: the k6 scripts with a default function (the rest are their shared modules). */
const scenarioFiles = fs
  .readdirSync(scenariosDir)
  .filter((file) => file.endsWith('.ts'))
  .filter((file) => /^export default function/m.test(fs.readFileSync(path.join(scenariosDir, file), 'utf8')));

describe('k8s/load-tests', () => {
  it('passes the Kubernetes schema for every object it renders', async () => {
    const problems: string[] = [];
    for (const object of objects) {
      await validateAgainstSchema(object).catch((error: Error) =>
        problems.push(`${object.kind}/${object.metadata.name}: ${error.message}`),
      );
    }
    expect(problems).toEqual([]);
    for (const object of objects) expect(object.metadata.namespace).toBe('act');
  });

  it('ships every file of load-tests/k6 in the scenarios ConfigMap', () => {
    const files = fs.readdirSync(scenariosDir).filter((file) => file.endsWith('.ts'));
    expect(Object.keys(scenarios?.data ?? {}).sort()).toEqual(files.sort());
  });

  it('has one TestRun per scenario, each naming its script in the ConfigMap', () => {
    expect(scenarioFiles.sort()).toEqual(['average.ts', 'chat-stream.ts', 'smoke.ts', 'soak.ts', 'spike.ts']);
    expect(testRuns.map((run) => run.spec.script.configMap.file).sort()).toEqual(scenarioFiles);
    for (const run of testRuns) {
      expect(run).toMatchObject({
        apiVersion: 'k6.io/v1alpha1',
        kind: 'TestRun',
        metadata: { namespace: 'act' },
      });
      expect(run.spec.script.configMap.name).toBe(scenarios?.metadata.name);
      expect(run.spec.parallelism).toBeGreaterThanOrEqual(1);
    }
  });

  it('points the runners at the gateway Service and lets them through its network policy', () => {
    const gatewayService = render<Rendered & { spec: { ports: Array<{ port: number }> } }>('k8s/base').find(
      (o) => o.kind === 'Service' && o.metadata.name === 'gateway',
    );
    expect(gatewayService?.spec.ports.map((p) => p.port)).toContain(80);
    const policy = objects.find(
      (o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'gateway-from-load-tests',
    );
    expect(policy?.spec?.podSelector?.matchLabels).toEqual({ 'app.kubernetes.io/name': 'gateway' });
    const allowed = policy?.spec?.ingress?.[0]?.from[0] as {
      podSelector: { matchLabels: Record<string, string> };
    };
    for (const run of testRuns) {
      const baseUrl = run.spec.runner.env.find((variable) => variable.name === 'BASE_URL')?.value;
      expect(baseUrl).toBe('http://gateway.act.svc.cluster.local');
      expect(run.spec.runner.metadata.labels).toMatchObject(allowed.podSelector.matchLabels);
    }
  });
});
