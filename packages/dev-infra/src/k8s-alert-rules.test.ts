// The alerting rules of k8s/monitoring (PrometheusRule act-alerts): they pass the Prometheus Operator's CRD schema,
// promtool accepts them (`promtool check rules`) and their unit tests pass (`promtool test rules`, the files in
// k8s/monitoring/tests), every alert has a test that fires it and a runbook section in docs/runbooks.md, and every
// expression reads only series the services (or kube-state-metrics) really export. promtool comes with Debian's
// `prometheus` package (.ci/run installs it): without it this test fails, it never skips.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { render, unknownCustomFields } from './k8s-render';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TESTS_DIR = path.join(repoRoot, 'k8s/monitoring/tests');

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
}
interface RuleObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: { groups: Array<{ name: string; rules: Rule[] }> };
}

const rendered = render<RuleObject>('k8s/monitoring').filter((o) => o.kind === 'PrometheusRule');
const rules = rendered.flatMap((o) => o.spec.groups.flatMap((g) => g.rules));
const alerts = rules.filter((r) => r.alert);

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'act-alert-rules-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** Runs promtool; a missing promtool is a failure that says how to get it. */
function promtool(args: string[]): string {
  try {
    return execFileSync('promtool', args, { cwd: workDir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const e = error as { code?: string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error(
        'promtool is not installed: apt-get install prometheus (Debian ships promtool with it)',
        { cause: error },
      );
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`, {
      cause: error,
    });
  }
}

/** The rule files promtool reads: the PrometheusRule's groups as rules.yaml, beside copies of the unit tests. */
function writeRuleFiles(): string[] {
  fs.writeFileSync(path.join(workDir, 'rules.yaml'), stringify({ groups: rendered[0]!.spec.groups }));
  const tests = fs.readdirSync(TESTS_DIR).filter((name) => name.endsWith('.test.yaml'));
  for (const name of tests) fs.copyFileSync(path.join(TESTS_DIR, name), path.join(workDir, name));
  return tests;
}

/** GitHub's anchors of docs/runbooks.md's headings. */
function runbookAnchors(): Set<string> {
  const text = fs.readFileSync(path.join(repoRoot, 'docs/runbooks.md'), 'utf8');
  return new Set(
    [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}_\- ]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'on',
  'without',
  'ignoring',
  'bool',
  'inf',
  'nan',
]);

/** The series names an expression reads: label matchers, groupings, ranges and function calls left out. */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|on|without|ignoring)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/"[^"]*"/g, ' ');
  return [...bare.matchAll(/(?<![\w:.])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()/g)]
    .map((m) => m[1]!)
    .filter((name) => !PROMQL_WORDS.has(name.toLowerCase()));
}

/** The metric families the service kit registers, read from the modules that define them. */
function exportedSeries(): Set<string> {
  const modules = ['metrics.ts', 'backlog-metrics.ts', 'jetstream-metrics.ts', 'member-deletion.ts'];
  const families = modules.flatMap((file) => {
    const source = fs.readFileSync(path.join(repoRoot, 'packages/service-kit/src', file), 'utf8');
    return [...source.matchAll(/(?:name: |gauge\(\s*)'([a-z_]+)'/g)].map((m) => m[1]!);
  });
  return new Set([
    ...families.flatMap((name) => [name, `${name}_bucket`, `${name}_count`, `${name}_sum`]),
    // kube-state-metrics (kube-prometheus-stack installs it).
    'kube_pod_container_status_restarts_total',
    'kube_pod_container_status_waiting_reason',
    'kube_pod_init_container_status_waiting_reason',
    ...rules.filter((r) => r.record).map((r) => r.record!),
  ]);
}

describe('k8s/monitoring alert rules', () => {
  it('ship one PrometheusRule that passes the Prometheus Operator schema, with no unknown field', () => {
    expect(rendered.map((o) => o.metadata.name)).toEqual(['act-alerts']);
    const rule = rendered[0]!;
    new PrometheusRule(rule as never).validate();
    expect(
      unknownCustomFields(rule, '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'),
    ).toEqual([]);
    const withTypo = structuredClone(rule) as unknown as { spec: { groups: Array<Record<string, unknown>> } };
    withTypo.spec.groups[0]!.rulez = [];
    expect(
      unknownCustomFields(
        withTypo as never,
        '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
      ),
    ).toEqual([expect.stringMatching(/rulez: unknown field/)]);
  });

  it('pass `promtool check rules` and every unit test in k8s/monitoring/tests (`promtool test rules`)', () => {
    const tests = writeRuleFiles();
    expect(tests.length).toBeGreaterThan(0);
    expect(promtool(['check', 'rules', 'rules.yaml'])).toMatch(/SUCCESS: \d+ rules found/);
    expect(promtool(['test', 'rules', ...tests])).toMatch(/SUCCESS/);
    // Days of series at 10-minute steps for the slow burn windows: promtool needs some 20 s on a busy machine.
  }, 180_000);

  it('fire every alert in a unit test, and give each a severity and a runbook section that exists', () => {
    const anchors = runbookAnchors();
    const fired = new Set(
      fs
        .readdirSync(TESTS_DIR)
        .filter((name) => name.endsWith('.test.yaml'))
        .flatMap((name) => {
          const file = parse(fs.readFileSync(path.join(TESTS_DIR, name), 'utf8')) as {
            tests: Array<{ alert_rule_test?: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
          };
          return file.tests.flatMap((t) => t.alert_rule_test ?? []);
        })
        .filter((t) => t.exp_alerts.length > 0)
        .map((t) => t.alertname),
    );
    expect(alerts.length).toBeGreaterThanOrEqual(12);
    for (const alert of alerts) {
      expect(fired.has(alert.alert!), `${alert.alert} has no test that fires it`).toBe(true);
      expect(['page', 'ticket'], alert.alert).toContain(alert.labels?.severity);
      const url = alert.annotations?.runbook_url ?? '';
      const [file, anchor] = url.split('#');
      expect(file, alert.alert).toBe('docs/runbooks.md');
      expect(anchors.has(anchor!), `${alert.alert}: docs/runbooks.md#${anchor} does not exist`).toBe(true);
    }
  });

  it('read only series the services or kube-state-metrics export', () => {
    const exported = exportedSeries();
    const read = new Set<string>();
    for (const rule of rules) {
      for (const name of seriesOf(rule.expr)) {
        expect(exported.has(name), `${rule.alert ?? rule.record}: ${name} is exported by nothing`).toBe(true);
        read.add(name);
      }
    }
    // The parser sees what it should: a misspelt family would be caught.
    expect(
      seriesOf('sum by (service) (rate(http_request_duration_seconds_cuont{status=~"5.."}[5m])) > 0'),
    ).toEqual(['http_request_duration_seconds_cuont']);
    for (const family of [
      'http_request_duration_seconds_bucket',
      'provider_calls_total',
      'credits_charges_total',
      'jetstream_consumer_pending_messages',
      'jetstream_dead_letter_messages',
      'outbox_oldest_pending_age_seconds',
      'jobs_stuck',
      'member_deletion_pending',
      'member_deletion_dead_letters',
      'kube_pod_container_status_restarts_total',
    ]) {
      expect(read.has(family), family).toBe(true);
    }
  });
});
