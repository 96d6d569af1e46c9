// Static checks of k8s/monitoring: it renders, its ServiceMonitors and PodMonitor pass the Prometheus Operator's CRD
// schema (@kubernetes-models/prometheus-operator) with no field the CRD does not define, each one scrapes the ops port of a
// workload k8s/base really has, and the Grafana dashboard only queries series the services export.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@act/contracts/server';
import { PodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { render, unknownCustomFields } from './k8s-render';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Endpoint {
  port?: string;
  path?: string;
  honorLabels?: boolean;
  [key: string]: unknown;
}

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: {
    selector?: { matchLabels?: Record<string, string> };
    ports?: Array<{ name?: string }>;
    endpoints?: Endpoint[];
    podMetricsEndpoints?: Endpoint[];
    template?: {
      metadata: { labels?: Record<string, string> };
      spec: { containers: Array<{ ports?: Array<{ name?: string }> }> };
    };
    [key: string]: unknown;
  };
  data?: Record<string, string>;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: Array<{ expr: string; refId: string }>;
}

const monitoring = render<K8sObject>('k8s/monitoring');
const base = render<K8sObject>('k8s/base');
const monitors = monitoring.filter((o) => o.kind === 'ServiceMonitor' || o.kind === 'PodMonitor');

const PROMETHEUS_OPERATOR = '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';

/**
 * Types, patterns and required fields with the CRD's kubernetes-models class, then (as k8s-render does for
 * CloudNativePG) no field the CRD's generated declarations do not define: the class alone lets unknown fields by.
 */
function validateMonitor(monitor: K8sObject): void {
  const Model = monitor.kind === 'ServiceMonitor' ? ServiceMonitor : PodMonitor;
  new Model(monitor as never).validate();
  const unknown = unknownCustomFields(monitor, PROMETHEUS_OPERATOR);
  if (unknown.length > 0) throw new Error(`${monitor.kind} ${monitor.metadata.name}: ${unknown.join('; ')}`);
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

function dashboard(): { panels: Panel[]; templating: { list: Array<{ name: string }> } } {
  const configMap = monitoring.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name === 'act-grafana-dashboard',
  );
  expect(configMap?.metadata.namespace).toBe('monitoring');
  expect(configMap?.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
  const json = configMap?.data?.['act-services.json'];
  expect(json).toBeDefined();
  return JSON.parse(json!) as ReturnType<typeof dashboard>;
}

/** The metric families service-kit's metrics.ts registers, read from its source. */
function kitMetricNames(): string[] {
  const source = fs.readFileSync(path.join(repoRoot, 'packages/service-kit/src/metrics.ts'), 'utf8');
  return [...source.matchAll(/name: '([a-z_]+)'/g)].map((m) => m[1]!);
}

describe('k8s/monitoring', () => {
  it('passes the Prometheus Operator schema, and refuses an unknown or malformed field', () => {
    expect(monitors.length).toBeGreaterThan(0);
    for (const monitor of monitors) validateMonitor(monitor);

    const serviceMonitor = monitors.find((m) => m.kind === 'ServiceMonitor')!;
    const withTypo = structuredClone(serviceMonitor);
    withTypo.spec!.endpoints![0]!.pathh = '/metrics';
    expect(() => validateMonitor(withTypo)).toThrow(/spec\.endpoints\[0\]\.pathh: unknown field/);
    const badInterval = structuredClone(serviceMonitor);
    badInterval.spec!.endpoints![0]!.interval = 'every 30 seconds';
    expect(() => validateMonitor(badInterval)).toThrow(/interval/);
  });

  it("scrapes every service's ops port through its Service, and the gateway's pods", () => {
    for (const name of SERVICE_NAMES) {
      const monitor = monitors.find((m) => m.kind === 'ServiceMonitor' && m.metadata.name === name);
      expect(monitor, name).toBeDefined();
      const services = base.filter(
        (o) => o.kind === 'Service' && matches(monitor!.spec?.selector?.matchLabels, o.metadata.labels),
      );
      expect(
        services.map((s) => s.metadata.name),
        name,
      ).toEqual([name]);
      const [endpoint] = monitor!.spec!.endpoints!;
      expect(services[0]!.spec?.ports?.map((p) => p.name)).toContain(endpoint!.port);
      expect(endpoint).toMatchObject({ port: 'ops', path: '/metrics', honorLabels: true });
    }

    const gateway = monitors.find((m) => m.kind === 'PodMonitor' && m.metadata.name === 'gateway');
    const deployments = base.filter(
      (o) =>
        o.kind === 'Deployment' &&
        matches(gateway?.spec?.selector?.matchLabels, o.spec?.template?.metadata.labels),
    );
    expect(deployments.map((d) => d.metadata.name)).toEqual(['gateway']);
    const [endpoint] = gateway!.spec!.podMetricsEndpoints!;
    const ports = deployments[0]!.spec!.template!.spec.containers.flatMap((c) => c.ports ?? []);
    expect(ports.map((p) => p.name)).toContain(endpoint!.port);
    expect(endpoint).toMatchObject({ port: 'ops', path: '/metrics', honorLabels: true });
  });

  it('ships a dashboard whose every query reads series the services export, filtered by the service variable', () => {
    const { panels, templating } = dashboard();
    expect(templating.list.map((v) => v.name)).toEqual(['datasource', 'service']);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);

    // Families from service-kit (histograms by their _bucket/_count series) and prom-client's process metrics.
    const kit = kitMetricNames();
    expect(kit).toEqual(
      expect.arrayContaining([
        'http_request_duration_seconds',
        'provider_calls_total',
        'provider_call_duration_seconds',
        'credits_charges_total',
      ]),
    );
    const exported = new Set([
      ...kit.flatMap((name) => [name, `${name}_bucket`, `${name}_count`, `${name}_sum`]),
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]);
    const queried = new Set<string>();
    for (const panel of panels.filter((p) => p.type !== 'row')) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets!) {
        expect(expr, panel.title).toContain('service=~"$service"');
        for (const [, metric] of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)) {
          expect(exported.has(metric!), `${panel.title}: ${metric}`).toBe(true);
          queried.add(metric!);
        }
      }
    }
    // Requests, provider calls and charges each have their panels.
    for (const metric of [
      'http_request_duration_seconds_count',
      'provider_calls_total',
      'provider_call_duration_seconds_bucket',
      'credits_charges_total',
    ]) {
      expect(queried.has(metric), metric).toBe(true);
    }
  });
});
