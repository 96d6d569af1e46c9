// Sums a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) by self time: per function and per package or file,
// so the cost of each middleware under load can be read without a flame graph viewer. Used for docs/performance.md
// (profile the kit hello or the gateway under autocannon, then summarise):
//   npx tsx load-tests/profile-summary.ts <file.cpuprofile> [--top 40] [--by function|file|package]
// Shares are of the busy time (idle and garbage collection are shown apart), so two profiles taken on a loaded
// machine compare by share, not by milliseconds.
import { readFile } from 'node:fs/promises';
import { mapProfileToSources } from './profile-sources';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export type Grouping = 'function' | 'file' | 'package';

export interface SummaryRow {
  name: string;
  selfMs: number;
  /** Share of the busy time (everything but idle), in percent. */
  share: number;
  /** Share of the busy time spent in it or anything it called (a middleware's whole cost), in percent. */
  totalShare: number;
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  gcMs: number;
  busyMs: number;
  rows: SummaryRow[];
}

/** The package a script URL belongs to (`koa`, `@koa/router`, `service-kit`, `node:internal`…), or the file. */
function packageOf(url: string): string {
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + '/node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  const ours = /\/(packages|services|gateway|load-tests)\/([^/]+)?/.exec(url);
  if (ours) return ours[1] === 'gateway' || ours[1] === 'load-tests' ? ours[1] : `${ours[1]}/${ours[2]}`;
  return url;
}

function shortFile(url: string): string {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const ours = /\/(packages|services|gateway|load-tests)\/.*$/.exec(url);
  return ours ? ours[0].slice(1) : url || '(native)';
}

function keyOf(node: ProfileNode, by: Grouping): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (by === 'package') return packageOf(url);
  if (by === 'file') return shortFile(url);
  return `${functionName || '(anonymous)'} ${shortFile(url)}:${lineNumber + 1}`;
}

/**
 * Self time by `by`. `window` (µs on the monotonic clock, process.hrtime's) keeps only the samples taken in it: the
 * load, without the start-up's module loading.
 */
export function summarize(
  profile: CpuProfile,
  by: Grouping = 'function',
  window?: { fromUs: number; toUs: number },
): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    self.set(id, (self.get(id) ?? 0) + delta);
  }
  let totalUs = 0;
  let idleUs = 0;
  let gcUs = 0;
  const byKey = new Map<string, number>();
  for (const [id, us] of self) {
    totalUs += us;
    const node = nodes.get(id)!;
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') {
      idleUs += us;
      continue;
    }
    if (name === '(garbage collector)') gcUs += us;
    const key = name === '(garbage collector)' ? '(garbage collector)' : keyOf(node, by);
    byKey.set(key, (byKey.get(key) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  // Inclusive time: each node's self time counts for every distinct key on its path from the root (a recursive or
  // twice-seen key counts once per path).
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    if (nodes.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const node = nodes.get(current)!;
      if (node.callFrame.functionName === '(root)') break;
      const key = keyOf(node, by);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const percent = (us: number) => (busyUs === 0 ? 0 : Math.round((us / busyUs) * 1000) / 10);
  for (const key of inclusive.keys()) if (!byKey.has(key)) byKey.set(key, 0);
  const rows = [...byKey.entries()]
    .map(([name, us]) => ({
      name,
      selfMs: Math.round(us / 100) / 10,
      share: percent(us),
      totalShare: percent(inclusive.get(name) ?? us),
    }))
    .sort((a, b) => b.selfMs - a.selfMs);
  const ms = (us: number) => Math.round(us / 100) / 10;
  return { totalMs: ms(totalUs), idleMs: ms(idleUs), gcMs: ms(gcUs), busyMs: ms(busyUs), rows };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith('--') && !/^\d+$/.test(arg));
  if (!file) {
    console.error(
      'usage: tsx load-tests/profile-summary.ts <file.cpuprofile> [--top N] [--by function|file|package]',
    );
    process.exit(2);
  }
  const option = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const by = (option('by') ?? 'function') as Grouping;
  const top = Number(option('top') ?? 40);
  // A bundle's frames (the bench servers run compiled) are named by their sources when its map sits beside it.
  const profile = mapProfileToSources(JSON.parse(await readFile(file, 'utf8')) as CpuProfile);
  const summary = summarize(profile, by);
  console.log(
    `total ${summary.totalMs} ms, idle ${summary.idleMs} ms, busy ${summary.busyMs} ms (gc ${summary.gcMs} ms)`,
  );
  console.table(summary.rows.slice(0, top));
  if (option('sort') === 'total') {
    console.table([...summary.rows].sort((a, b) => b.totalShare - a.totalShare).slice(0, top));
  }
}
