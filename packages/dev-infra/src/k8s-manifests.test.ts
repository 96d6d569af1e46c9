// Static checks of k8s/: every kustomization renders, every object passes the Kubernetes schema (kubernetes-models'
// validators for types, and no field the Kubernetes API does not define: see k8s-render.ts), and the rules we promise
// hold for every workload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHARGED_WORK_MAX_MS, TOOL_FAMILIES } from '@act/contracts';
import { render, validateAgainstSchema } from './k8s-render';
import { natsPasswordEnv } from './nats-auth';
import { SERVICE_NAMES } from '@act/contracts/server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}

interface Probe {
  httpGet?: { path: string; port: string | number };
}

interface Container {
  name: string;
  lifecycle?: { preStop?: { sleep?: { seconds: number }; exec?: unknown } };
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: unknown }>;
  envFrom?: unknown[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

interface PolicyRule {
  from: unknown[];
  ports: Array<{ port: number }>;
}

const selectorOf = (object: K8sObject) =>
  (object.spec?.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels ?? {};

function containersOf(deployment: K8sObject): Container[] {
  const template = deployment.spec?.template as { spec: { containers: Container[] } };
  return template.spec.containers;
}

interface PodSpec {
  terminationGracePeriodSeconds?: number;
  affinity?: {
    podAntiAffinity?: {
      preferredDuringSchedulingIgnoredDuringExecution?: Array<{
        weight: number;
        podAffinityTerm: { topologyKey: string; labelSelector: { matchLabels: Record<string, string> } };
      }>;
    };
  };
}

const podSpecOf = (workload: K8sObject) => (workload.spec?.template as { spec: PodSpec }).spec;

/** What a stopping Node process needs after its drain: closing NATS (drain) and the database pool. */
const CLOSING_S = 10;

const GATEWAY_SOURCE = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } };
const INGRESS_SOURCE = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
};
const MONITORING_SOURCE = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
};

/** Which sources a NetworkPolicy lets reach each port. */
function sourcesByPort(policy: K8sObject): Map<number, unknown[]> {
  const byPort = new Map<number, unknown[]>();
  for (const rule of policy.spec!.ingress as PolicyRule[])
    for (const { port } of rule.ports) byPort.set(port, [...(byPort.get(port) ?? []), ...rule.from]);
  return byPort;
}

/** Address and prefix length of an IP or CIDR entry. */
function prefixOf(entry: string): { v6: boolean; bits: number } {
  const [address, bits] = entry.split('/');
  const v6 = address!.includes(':');
  return { v6, bits: bits === undefined ? (v6 ? 128 : 32) : Number(bits) };
}

describe('the strict schema check', () => {
  const [gateway] = render<K8sObject>('k8s/base').filter(
    (object) => object.kind === 'Deployment' && object.metadata.name === 'gateway',
  );

  it('accepts the rendered gateway and rejects it with one unknown field, at any depth', async () => {
    await expect(validateAgainstSchema(gateway!)).resolves.toBeUndefined();
    const typo = structuredClone(gateway!) as K8sObject & { spec: Record<string, unknown> };
    typo.spec.replicaz = 3;
    await expect(validateAgainstSchema(typo)).rejects.toThrow('spec.replicaz: unknown field');
    const nested = structuredClone(gateway!);
    containersOf(nested)[0]!.lifecycle = { preStop: { sleep: { seconds: 5 } }, postStrat: {} } as never;
    await expect(validateAgainstSchema(nested)).rejects.toThrow(
      'spec.template.spec.containers[0].lifecycle.postStrat: unknown field',
    );
  });

  it('still rejects wrong types and missing required fields (kubernetes-models)', async () => {
    const wrongType = structuredClone(gateway!) as K8sObject & { spec: Record<string, unknown> };
    wrongType.spec.replicas = 'two';
    await expect(validateAgainstSchema(wrongType)).rejects.toThrow(/replicas/);
    const noImage = structuredClone(gateway!);
    delete (containersOf(noImage)[0] as { name?: string }).name;
    await expect(validateAgainstSchema(noImage)).rejects.toThrow(/name/);
  });

  it("checks CloudNativePG's Cluster against the operator's CRD the same way", async () => {
    const [cluster] = render<K8sObject>('k8s/overlays/cnpg').filter((o) => o.kind === 'Cluster');
    await expect(validateAgainstSchema(cluster!)).resolves.toBeUndefined();
    const typo = structuredClone(cluster!) as K8sObject & {
      spec: { bootstrap: { initdb: Record<string, unknown> } };
    };
    typo.spec.bootstrap.initdb.ownr = 'credits';
    await expect(validateAgainstSchema(typo)).rejects.toThrow('spec.bootstrap.initdb.ownr: unknown field');
    // The backup settings are barman-cloud's types (another folder of the package), some inherited.
    const credits = render<K8sObject>('k8s/overlays/cnpg').find(
      (o) => o.kind === 'Cluster' && o.metadata.name === 'credits-db',
    );
    await expect(validateAgainstSchema(credits!)).resolves.toBeUndefined();
    const backupTypo = structuredClone(credits!) as K8sObject & {
      spec: { backup: { barmanObjectStore: { s3Credentials: Record<string, unknown> } } };
    };
    backupTypo.spec.backup.barmanObjectStore.s3Credentials.accesKeyId = { name: 'x', key: 'y' };
    await expect(validateAgainstSchema(backupTypo)).rejects.toThrow(
      'spec.backup.barmanObjectStore.s3Credentials.accesKeyId: unknown field',
    );
    const wrongType = structuredClone(cluster!) as K8sObject & { spec: Record<string, unknown> };
    wrongType.spec.instances = 'three';
    await expect(validateAgainstSchema(wrongType)).rejects.toThrow(/instances/);
  });
});

const OVERLAYS = ['k8s/overlays/cnpg', 'k8s/overlays/external-db', 'k8s/overlays/production'];

/** The services that keep data: those whose config takes the kit's database block (all but prompt). */
const DATABASE_SERVICES = SERVICE_NAMES.filter((name) =>
  /\.\.\.databaseConfigFields\b/.test(
    fs.readFileSync(path.join(repoRoot, `services/${name}/src/config.ts`), 'utf8'),
  ),
);

describe.each(['k8s/base', ...OVERLAYS])('%s', (dir) => {
  const objects = render<K8sObject>(dir);
  const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
  const componentOf = (d: K8sObject) => d.metadata.labels?.['app.kubernetes.io/component'];
  // The product's workloads; Redis (rate-limit counters) is infrastructure, checked on its own below.
  const allDeployments = ofKind('Deployment').filter((d) => componentOf(d) !== 'cache');
  const isRemote = (d: K8sObject) => componentOf(d) === 'remote';
  const actConfig = ofKind('ConfigMap').find((c) => c.metadata.name.startsWith('act-config-')) as unknown as {
    metadata: { name: string };
    data: Record<string, string>;
  };
  // The Node workloads (services and the gateway); the remotes are static servers, checked on their own below.
  const deployments = allDeployments.filter((d) => !isRemote(d));
  const remotes = allDeployments.filter(isRemote);

  it('renders the namespace, the gateway, every service and one remote per tool family', () => {
    expect(ofKind('Namespace').map((ns) => ns.metadata.name)).toEqual(['act']);
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([
      'chat',
      'credits',
      'gateway',
      'identity',
      'image',
      'library',
      'prompt',
      'voice',
      'youtube',
    ]);
    expect(remotes.map((d) => d.metadata.name).sort()).toEqual(
      TOOL_FAMILIES.map((family) => `remote-${family}`).sort(),
    );
    for (const object of objects.filter((o) => o.kind !== 'Namespace'))
      expect(object.metadata.namespace).toBe('act');
  });

  it('passes the Kubernetes schema for every object', async () => {
    const problems: string[] = [];
    for (const object of objects) {
      await validateAgainstSchema(object).catch((error: Error) =>
        problems.push(`${object.kind}/${object.metadata.name}: ${error.message}`),
      );
    }
    expect(problems).toEqual([]);
  });

  it('gives every Deployment probes, resources, a Service, an HPA and a disruption budget', () => {
    for (const deployment of allDeployments) {
      const name = deployment.metadata.name;
      for (const container of containersOf(deployment)) {
        expect(container.livenessProbe, `${name} liveness`).toBeDefined();
        expect(container.readinessProbe, `${name} readiness`).toBeDefined();
        expect(container.resources?.requests?.cpu, `${name} cpu request`).toBeDefined();
        expect(container.resources?.requests?.memory, `${name} memory request`).toBeDefined();
        expect(container.resources?.limits?.memory, `${name} memory limit`).toBeDefined();
      }
      expect(
        ofKind('Service').some((s) => s.metadata.name === name),
        `${name} Service`,
      ).toBe(true);
      const hpa = ofKind('HorizontalPodAutoscaler').find(
        (h) => (h.spec?.scaleTargetRef as { name: string }).name === name,
      );
      expect(hpa, `${name} HPA`).toBeDefined();
      expect(
        ofKind('PodDisruptionBudget').some((p) => selectorOf(p)['app.kubernetes.io/name'] === name),
        `${name} PDB`,
      ).toBe(true);
    }
  });

  it('leaves the number of pods to each HPA: no Deployment it scales sets spec.replicas, and each keeps 2 at least', () => {
    for (const hpa of ofKind('HorizontalPodAutoscaler')) {
      const target = (hpa.spec!.scaleTargetRef as { name: string }).name;
      const deployment = allDeployments.find((d) => d.metadata.name === target);
      // A fixed count would scale the pods back to it on every `kubectl apply` until the HPA reacts.
      expect(deployment?.spec, target).not.toHaveProperty('replicas');
      expect(hpa.spec!.minReplicas, target).toBeGreaterThanOrEqual(2);
    }
  });

  it('generates act-config with a hash in its name, which every workload reads, so a changed value rolls the pods', () => {
    expect(actConfig.metadata.name).toMatch(/^act-config-[a-z0-9]{10}$/);
    const names = new Set<string>();
    for (const deployment of allDeployments) {
      const [container] = containersOf(deployment);
      const refs = JSON.stringify(container) + JSON.stringify(deployment.spec?.template);
      for (const [, name] of refs.matchAll(/"name":"(act-config[^"]*)"/g)) names.add(name!);
    }
    expect([...names]).toEqual([actConfig.metadata.name]);
  });

  it('counts rate limits in one Redis the gateway, identity and chat share, reached by them only', () => {
    const redis = ofKind('Deployment').find((d) => d.metadata.name === 'redis')!;
    expect(redis.spec?.replicas).toBe(1);
    expect(
      ofKind('HorizontalPodAutoscaler').some(
        (h) => (h.spec?.scaleTargetRef as { name: string }).name === 'redis',
      ),
    ).toBe(false);
    const service = ofKind('Service').find((s) => s.metadata.name === 'redis')!;
    const port = (service.spec!.ports as Array<{ port: number }>)[0]!.port;
    expect(actConfig.data.REDIS_URL).toBe(`redis://redis:${port}`);
    for (const name of ['gateway', 'identity', 'chat']) {
      const [container] = containersOf(deployments.find((d) => d.metadata.name === name)!);
      expect(container!.envFrom, name).toContainEqual({ configMapRef: { name: actConfig.metadata.name } });
      expect(
        container!.env?.find((e) => e.name === 'REDIS_URL'),
        name,
      ).toBeUndefined();
    }
    const policy = ofKind('NetworkPolicy').find((p) => p.metadata.name === 'redis')!;
    expect(Object.fromEntries(sourcesByPort(policy))).toEqual({
      [port]: [
        GATEWAY_SOURCE,
        { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'identity' } } },
        { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'chat' } } },
      ],
    });
  });

  it('gives every identity replica the same signing keys, from the act-identity Secret', () => {
    const [container] = containersOf(deployments.find((d) => d.metadata.name === 'identity')!);
    // Not optional: without the key the pod does not start, and says which key is missing.
    expect(container!.env?.find((e) => e.name === 'IDENTITY_SIGNING_KEYS')?.valueFrom).toEqual({
      secretKeyRef: { name: 'act-identity', key: 'IDENTITY_SIGNING_KEYS' },
    });
  });

  it('spreads the replicas of every Deployment over nodes (pod anti-affinity on its own pods)', () => {
    for (const deployment of allDeployments) {
      const name = deployment.metadata.name;
      const terms =
        podSpecOf(deployment).affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution ??
        [];
      expect(terms, `${name} anti-affinity`).toContainEqual({
        weight: 100,
        podAffinityTerm: {
          topologyKey: 'kubernetes.io/hostname',
          labelSelector: { matchLabels: { 'app.kubernetes.io/name': name } },
        },
      });
    }
  });

  it("lets every pod drain: preStop, then the process's SHUTDOWN_GRACE_MS, within the termination grace", () => {
    for (const deployment of allDeployments) {
      const name = deployment.metadata.name;
      const [container] = containersOf(deployment);
      // The kubelet's own sleep: no shell or sleep binary needed in the image.
      const preStop = container!.lifecycle?.preStop?.sleep?.seconds;
      expect(preStop, `${name} preStop sleep`).toBeGreaterThanOrEqual(5);
      const grace = podSpecOf(deployment).terminationGracePeriodSeconds ?? 30;
      if (isRemote(deployment)) {
        // nginx finishes its transfers on SIGQUIT within seconds.
        expect(grace, `${name} termination grace`).toBeGreaterThanOrEqual(preStop! + 5);
        continue;
      }
      const shutdownMs = Number(container!.env?.find((e) => e.name === 'SHUTDOWN_GRACE_MS')?.value);
      expect(shutdownMs, `${name} SHUTDOWN_GRACE_MS`).toBeGreaterThan(0);
      expect(grace, `${name} termination grace`).toBeGreaterThanOrEqual(
        preStop! + shutdownMs / 1000 + CLOSING_S,
      );
    }
    // Those that run or proxy charged work (streamed replies, generations, voice jobs) let the longest finish.
    for (const name of ['gateway', 'chat', 'image', 'voice']) {
      const [container] = containersOf(deployments.find((d) => d.metadata.name === name)!);
      const shutdownMs = Number(container!.env?.find((e) => e.name === 'SHUTDOWN_GRACE_MS')?.value);
      expect(shutdownMs, name).toBeGreaterThanOrEqual(CHARGED_WORK_MAX_MS);
    }
  });

  it("serves probes and metrics on each workload's ops port only, which the public Services never carry", () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const [container] = containersOf(deployment);
      const ops = container!.ports?.find((p) => p.name === 'ops');
      expect(ops, `${name} ops port`).toBeDefined();
      expect(container!.env?.find((e) => e.name === 'OPS_PORT')?.value).toBe(String(ops!.containerPort));
      for (const probe of [container!.startupProbe, container!.readinessProbe, container!.livenessProbe])
        expect(probe?.httpGet?.port, `${name} probe port`).toBe('ops');
      const annotations = (
        deployment.spec?.template as { metadata: { annotations?: Record<string, string> } }
      ).metadata.annotations;
      expect(annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(ops!.containerPort),
        'prometheus.io/path': '/metrics',
      });
    }
    // The Ingress reaches the gateway's Service, whose only port is the public one.
    const gatewayService = ofKind('Service').find((s) => s.metadata.name === 'gateway');
    expect((gatewayService!.spec!.ports as Array<{ targetPort: string }>).map((p) => p.targetPort)).toEqual([
      'http',
    ]);
  });

  it("gives the gateway X-Forwarded-For trust in the ingress controller's range only", () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const value = containersOf(gateway)[0]!.env?.find((e) => e.name === 'TRUSTED_PROXIES')?.value ?? '';
    const entries = value.split(',').map((entry) => entry.trim());
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const { v6, bits } = prefixOf(entry);
      // A whole pod network (10.0.0.0/8, 10.244.0.0/16) would let any compromised pod choose its client IP.
      expect(bits, entry).toBeGreaterThanOrEqual(v6 ? 64 : 24);
    }
  });

  it('closes the namespace by default and lets only the gateway reach each service', () => {
    const policies = ofKind('NetworkPolicy');
    const defaultDeny = policies.find((p) => Object.keys((p.spec?.podSelector as object) ?? {}).length === 0);
    expect(defaultDeny?.spec?.policyTypes).toContain('Ingress');
    expect(defaultDeny?.spec?.ingress).toBeUndefined();

    const services = deployments.filter(
      (d) => d.metadata.labels?.['app.kubernetes.io/component'] === 'service',
    );
    expect(services.length).toBeGreaterThan(0);
    const policyOf = (name: string) =>
      policies.find(
        (p) =>
          (p.spec?.podSelector as { matchLabels?: Record<string, string> }).matchLabels?.[
            'app.kubernetes.io/name'
          ] === name,
      );
    const portOf = (deployment: K8sObject, portName: string) =>
      containersOf(deployment)[0]!.ports!.find((p) => p.name === portName)!.containerPort;
    for (const service of services) {
      const name = service.metadata.name;
      const policy = policyOf(name);
      expect(policy, `${name} NetworkPolicy`).toBeDefined();
      const byPort = sourcesByPort(policy!);
      expect([...byPort.keys()].sort()).toEqual([portOf(service, 'http'), portOf(service, 'ops')].sort());
      expect(byPort.get(portOf(service, 'http')), `${name} is reachable from the gateway only`).toEqual([
        GATEWAY_SOURCE,
      ]);
      expect(byPort.get(portOf(service, 'ops')), `${name} ops port`).toEqual([
        GATEWAY_SOURCE,
        MONITORING_SOURCE,
      ]);
    }
    // The gateway's ops port is open to Prometheus only, not to the ingress controller.
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    expect(sourcesByPort(policyOf('gateway')!).get(portOf(gateway, 'ops'))).toEqual([MONITORING_SOURCE]);
  });

  it('connects each service and the gateway to NATS as its own user, whose password NATS reads from the same Secret', () => {
    for (const service of deployments) {
      const name = service.metadata.name;
      const env = containersOf(service)[0]!.env ?? [];
      expect(env.find((e) => e.name === 'NATS_USER')?.value, `${name} NATS_USER`).toBe(name);
      expect(env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom, `${name} NATS_PASSWORD`).toEqual({
        secretKeyRef: { name: 'act-nats', key: natsPasswordEnv(name) },
      });
    }
    const nats = ofKind('StatefulSet').find((s) => s.metadata.name === 'nats')!;
    const podSpec = (nats.spec!.template as { spec: { containers: Container[]; volumes: unknown[] } }).spec;
    expect(podSpec.containers[0]!.envFrom).toEqual([{ secretRef: { name: 'act-nats' } }]);
    const authMap = ofKind('ConfigMap').find((c) => c.metadata.name.startsWith('nats-auth'))!;
    expect(podSpec.volumes).toContainEqual({
      name: 'config',
      projected: {
        sources: [{ configMap: { name: 'nats-config' } }, { configMap: { name: authMap.metadata.name } }],
      },
    });
    const natsConf = (
      ofKind('ConfigMap').find((c) => c.metadata.name === 'nats-config') as unknown as {
        data: Record<string, string>;
      }
    ).data['nats.conf'];
    expect(natsConf).toContain('include ./nats-auth.conf');
    expect((authMap as unknown as { data: Record<string, string> }).data['nats-auth.conf']).toBe(
      fs.readFileSync(path.join(repoRoot, 'k8s/base/nats-auth.conf'), 'utf8'),
    );
    // Only the services and the gateway (for token revocations) reach NATS.
    const policy = ofKind('NetworkPolicy').find((p) => p.metadata.name === 'nats')!;
    expect(sourcesByPort(policy).get(4222)).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/component': 'service' } } },
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
    ]);
  });

  it('runs NATS as a 3-node JetStream cluster keeping 3 copies of each stream, behind an Ingress-fronted gateway', () => {
    const nats = ofKind('StatefulSet').find((s) => s.metadata.name === 'nats');
    expect(nats?.spec?.replicas).toBe(3);
    // credits (USAGE) and identity (IDENTITY) create their streams with one copy per NATS node.
    expect(Number(actConfig.data.JETSTREAM_REPLICAS)).toBe(nats?.spec?.replicas);
    for (const name of ['credits', 'identity']) {
      const [container] = containersOf(deployments.find((d) => d.metadata.name === name)!);
      expect(container!.envFrom, name).toContainEqual({ configMapRef: { name: actConfig.metadata.name } });
      expect(
        container!.env?.find((e) => e.name === 'JETSTREAM_REPLICAS'),
        name,
      ).toBeUndefined();
    }
    const config = ofKind('ConfigMap').find((c) => c.metadata.name === 'nats-config') as unknown as {
      data: Record<string, string>;
    };
    expect(config.data['nats.conf']).toMatch(
      /jetstream \{[\s\S]*cluster \{[\s\S]*nats-2\.nats-headless:6222/,
    );
    const ingress = ofKind('Ingress')[0] as unknown as {
      spec: {
        rules: Array<{ http: { paths: Array<{ path: string; backend: { service: { name: string } } }> } }>;
      };
    };
    const paths = ingress.spec.rules[0]!.http.paths;
    expect(paths.find((p) => p.path === '/')?.backend.service.name).toBe('gateway');
  });

  it('ships each remote alone: its own image and static server, routed by the Ingress, reached from it only', () => {
    const ingress = ofKind('Ingress')[0] as unknown as {
      spec: {
        rules: Array<{
          http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string } } }> };
        }>;
      };
    };
    const paths = ingress.spec.rules[0]!.http.paths;
    const policies = ofKind('NetworkPolicy');
    const host = (ingress.spec.rules[0] as unknown as { host: string }).host;
    // The remotes answer CORS for the shell's own origin, whatever host this environment uses; identity's links too.
    expect(actConfig.data.SHELL_ORIGIN).toBe(`https://${host}`);
    expect(actConfig.data.PUBLIC_URL).toBe(`https://${host}`);
    expect(actConfig.data.MAIL_FROM).toMatch(new RegExp(`@${host.replace(/\./g, '\\.')}>$`));
    for (const family of TOOL_FAMILIES) {
      const name = `remote-${family}`;
      const deployment = remotes.find((d) => d.metadata.name === name)!;
      const [container] = containersOf(deployment);
      expect((container as unknown as { image: string }).image).toMatch(
        new RegExp(`act/remote-${family}(:|$)`),
      );
      const http = container!.ports!.find((p) => p.name === 'http')!;
      for (const probe of [container!.startupProbe, container!.readinessProbe, container!.livenessProbe])
        expect(probe?.httpGet, `${name} probe`).toEqual({ path: '/healthz', port: 'http' });
      expect(container!.env?.find((e) => e.name === 'PORT')?.value).toBe(String(http.containerPort));
      expect(container!.env?.find((e) => e.name === 'SHELL_ORIGIN')?.valueFrom).toEqual({
        configMapKeyRef: { name: actConfig.metadata.name, key: 'SHELL_ORIGIN' },
      });
      const podSpec = (deployment.spec!.template as { spec: { securityContext: { runAsNonRoot: boolean } } })
        .spec;
      expect(podSpec.securityContext.runAsNonRoot, `${name} runs unprivileged`).toBe(true);

      const route = paths.find((p) => p.path === `/remotes/${family}/`);
      expect(route, `${name} Ingress route`).toMatchObject({
        pathType: 'Prefix',
        backend: { service: { name } },
      });
      const service = ofKind('Service').find((s) => s.metadata.name === name)!;
      expect(service.spec?.selector).toEqual({ 'app.kubernetes.io/name': name });

      const policy = policies.find(
        (p) =>
          (p.spec?.podSelector as { matchLabels?: Record<string, string> }).matchLabels?.[
            'app.kubernetes.io/name'
          ] === name,
      );
      expect(policy, `${name} NetworkPolicy`).toBeDefined();
      expect(Object.fromEntries(sourcesByPort(policy!))).toEqual({ [http.containerPort]: [INGRESS_SOURCE] });
    }
  });

  it('gives the gateway /remotes.json from the act-remotes ConfigMap, one same-origin manifest per family', () => {
    const remotesMap = ofKind('ConfigMap').find((c) => c.metadata.name.startsWith('act-remotes'))!;
    const file = (remotesMap as unknown as { data: Record<string, string> }).data['remotes.json']!;
    expect(JSON.parse(file)).toEqual(
      Object.fromEntries(TOOL_FAMILIES.map((family) => [family, `/remotes/${family}/mf-manifest.json`])),
    );
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const [container] = containersOf(gateway);
    const mountPath = (
      container as unknown as { volumeMounts: Array<{ name: string; mountPath: string }> }
    ).volumeMounts.find((m) => m.name === 'remotes')!.mountPath;
    expect(container!.env?.find((e) => e.name === 'REMOTES_CONFIG')?.value).toBe(`${mountPath}/remotes.json`);
    const volumes = (gateway.spec!.template as { spec: { volumes: unknown[] } }).spec.volumes;
    expect(volumes).toContainEqual({ name: 'remotes', configMap: { name: remotesMap.metadata.name } });
    // The gateway image carries no remote: nothing points it at built remotes.
    expect(container!.env?.find((e) => e.name === 'REMOTES_DIR')).toBeUndefined();
  });
});

// The migration Jobs each overlay applies first (docs/deploy.md#migrations); their content: k8s-migrations.test.ts.
describe.each(['k8s/base/migrations', ...OVERLAYS.map((dir) => `${dir}/migrations`)])('%s', (dir) => {
  it('passes the Kubernetes schema for every object', async () => {
    const problems: string[] = [];
    for (const object of render<K8sObject>(dir)) {
      await validateAgainstSchema(object).catch((error: Error) =>
        problems.push(`${object.kind}/${object.metadata.name}: ${error.message}`),
      );
    }
    expect(problems).toEqual([]);
  });
});

describe('act-config', () => {
  it('is renamed by a changed value in every workload that reads it, which rolls their pods', () => {
    const names = (objects: K8sObject[]) => {
      const config = objects.find(
        (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('act-config-'),
      )!;
      const gateway = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'gateway')!;
      return { config: config.metadata.name, gateway: JSON.stringify(containersOf(gateway)[0]!.envFrom) };
    };
    const before = names(render<K8sObject>('k8s/base'));
    // An environment's overlay changing one value, as docs/deploy.md shows.
    const overlay = fs.mkdtempSync(path.join(os.tmpdir(), 'act-config-overlay-'));
    try {
      fs.writeFileSync(
        path.join(overlay, 'kustomization.yaml'),
        [
          'resources:',
          `  - ${path.relative(overlay, path.join(repoRoot, 'k8s/base'))}`,
          'configMapGenerator:',
          '  - name: act-config',
          '    behavior: merge',
          '    literals:',
          '      - LOG_LEVEL=debug',
          '',
        ].join('\n'),
      );
      const after = names(render<K8sObject>(path.relative(repoRoot, overlay)));
      expect(after.config).not.toBe(before.config);
      expect(before.gateway).toContain(before.config);
      expect(after.gateway).toContain(after.config);
    } finally {
      fs.rmSync(overlay, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL', () => {
  const databaseUrlOf = (objects: K8sObject[], name: string) =>
    containersOf(objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name)!)[0]!.env?.find(
      (e) => e.name === 'DATABASE_URL',
    );

  it('is chosen by an overlay: the base names no database', () => {
    expect(DATABASE_SERVICES).toEqual([
      'identity',
      'credits',
      'prompt',
      'chat',
      'image',
      'voice',
      'youtube',
      'library',
    ]);
    const base = render<K8sObject>('k8s/base');
    for (const name of SERVICE_NAMES) expect(databaseUrlOf(base, name), name).toBeUndefined();
  });

  it.each([
    ['k8s/overlays/external-db', (name: string) => `act-${name}-database`],
    ['k8s/overlays/production', (name: string) => `act-${name}-database`],
    ['k8s/overlays/cnpg', (name: string) => `${name}-db-app`],
  ])("%s gives each service with data its own database's URL, and the others none", (dir, secretOf) => {
    const objects = render<K8sObject>(dir);
    for (const name of SERVICE_NAMES) {
      const env = databaseUrlOf(objects, name);
      if (!DATABASE_SERVICES.includes(name)) expect(env, name).toBeUndefined();
      else expect(env?.valueFrom, name).toEqual({ secretKeyRef: { name: secretOf(name), key: 'uri' } });
    }
  });

  it('runs one CloudNativePG cluster per service with data, one database owned by that service, open to it only', () => {
    const objects = render<K8sObject>('k8s/overlays/cnpg');
    const clusters = objects.filter((o) => o.kind === 'Cluster');
    expect(clusters.map((c) => c.apiVersion)).toEqual(clusters.map(() => 'postgresql.cnpg.io/v1'));
    expect(clusters.map((c) => c.metadata.name).sort()).toEqual(
      DATABASE_SERVICES.map((s) => `${s}-db`).sort(),
    );
    for (const name of DATABASE_SERVICES) {
      const cluster = clusters.find((c) => c.metadata.name === `${name}-db`)!;
      const spec = cluster.spec as {
        instances: number;
        bootstrap: { initdb: { database: string; owner: string } };
        affinity: { enablePodAntiAffinity: boolean; topologyKey: string };
      };
      expect(spec.bootstrap.initdb, name).toEqual({ database: name, owner: name });
      // A failover needs a replica; credits and identity (money, accounts) keep three instances.
      expect(spec.instances, name).toBeGreaterThanOrEqual(['credits', 'identity'].includes(name) ? 3 : 2);
      expect(spec.affinity).toMatchObject({
        enablePodAntiAffinity: true,
        topologyKey: 'kubernetes.io/hostname',
      });
      const policy = objects.find(
        (o) =>
          o.kind === 'NetworkPolicy' &&
          (o.spec?.podSelector as { matchLabels?: Record<string, string> }).matchLabels?.[
            'cnpg.io/cluster'
          ] === `${name}-db`,
      )!;
      expect(policy, `${name}-db NetworkPolicy`).toBeDefined();
      // Of the workloads, only the owning service and its migration Job reach its database.
      expect(sourcesByPort(policy).get(5432)).toEqual([
        { podSelector: { matchLabels: { 'app.kubernetes.io/name': name } } },
        { podSelector: { matchLabels: { 'app.kubernetes.io/name': `${name}-migrate` } } },
        { podSelector: { matchLabels: { 'cnpg.io/cluster': `${name}-db` } } },
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'cnpg-system' } } },
      ]);
    }
  });

  it('backs up the clusters that hold accounts and money: WAL archived and a nightly base backup, kept 30 days', () => {
    const objects = render<K8sObject>('k8s/overlays/cnpg');
    const scheduled = objects.filter((o) => o.kind === 'ScheduledBackup');
    for (const name of ['identity', 'credits']) {
      const cluster = objects.find((o) => o.kind === 'Cluster' && o.metadata.name === `${name}-db`)!;
      const backup = (
        cluster.spec as {
          backup?: {
            retentionPolicy: string;
            barmanObjectStore: { destinationPath: string; s3Credentials: Record<string, unknown> };
          };
        }
      ).backup;
      expect(backup?.retentionPolicy, name).toBe('30d');
      expect(backup?.barmanObjectStore.destinationPath, name).toMatch(/^s3:\/\/[a-z0-9-]+\/$/);
      expect(backup?.barmanObjectStore.s3Credentials, name).toEqual({
        accessKeyId: { name: 'act-db-backup', key: 'ACCESS_KEY_ID' },
        secretAccessKey: { name: 'act-db-backup', key: 'ACCESS_SECRET_KEY' },
      });
      const nightly = scheduled.find(
        (o) => (o.spec as { cluster: { name: string } }).cluster.name === `${name}-db`,
      );
      expect(nightly?.spec, name).toMatchObject({ method: 'barmanObjectStore', immediate: true });
      // CloudNativePG's cron has six fields, seconds first: five would be read as every-something by the second.
      const schedule = (nightly!.spec as { schedule: string }).schedule.split(' ');
      expect(schedule, name).toHaveLength(6);
      expect(schedule.slice(3), name).toEqual(['*', '*', '*']);
    }
  });
});
