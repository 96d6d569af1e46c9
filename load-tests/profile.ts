// CPU profile of one bench server under autocannon load, summarised by self time (profile-summary.ts):
//   npx tsx load-tests/profile.ts kit|gateway|gateway-jwt|koa|floor [seconds]
// `kit` is the service-kit hello; `gateway` the real gateway in front of it (public route), `gateway-jwt` the same on
// a member route (JWT verified); `floor` the Koa hello with only a service's per-request musts. Only the profiled
// process runs with --cpu-prof; the profile lands in load-tests/results/profiles/. The servers run compiled, as in
// production (bench-kit.ts startServer): the summary names TypeScript sources through the bundles' source maps
// (profile-sources.ts). Run it nice'd on a shared machine and compare shares, not milliseconds.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSigning, load, startServer, type BenchServer } from './bench-kit';
import { mapProfileToSources } from './profile-sources';
import { summarize } from './profile-summary';

const target = process.argv[2] ?? 'kit';
const seconds = Number(process.argv[3] ?? 5);
const dir = fileURLToPath(new URL(`./results/profiles/${target}-${Date.now()}/`, import.meta.url));
await mkdir(dir, { recursive: true });
const profiled = ['--cpu-prof', `--cpu-prof-dir=${dir}`];

const { jwks, token } = await benchSigning();

const servers: BenchServer[] = [];
let url: string;
let headers: Record<string, string> | undefined;
if (target === 'koa' || target === 'floor') {
  const script = target === 'koa' ? 'koa-hello.ts' : 'koa-floor-hello.ts';
  const koa = await startServer(`load-tests/servers/${script}`, {}, profiled);
  servers.push(koa);
  url = `${koa.url}/`;
} else {
  const kit = await startServer(
    'load-tests/servers/kit-hello.ts',
    { BENCH_JWKS: jwks },
    target === 'kit' ? profiled : [],
  );
  servers.push(kit);
  url = `${kit.url}/api/credits/plans`;
  if (target !== 'kit') {
    const gateway = await startServer(
      'load-tests/servers/gateway.ts',
      {
        CREDITS_URL: kit.url,
        CREDITS_OPS_URL: kit.url,
        JWKS_URL: `${kit.url}/jwks.json`,
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
      profiled,
    );
    servers.push(gateway);
    url = target === 'gateway-jwt' ? `${gateway.url}/api/credits/me` : `${gateway.url}/api/credits/plans`;
    if (target === 'gateway-jwt') headers = { authorization: `Bearer ${token}` };
  }
}
const microseconds = () => Number(process.hrtime.bigint() / 1000n);
let window: { fromUs: number; toUs: number };
try {
  // A short warm-up first (JIT, keep-alive connections, caches), then the profiled window.
  await load({ label: 'warm-up', url, headers, durationSeconds: 1 });
  const fromUs = microseconds();
  const run = await load({ label: target, url, headers, durationSeconds: seconds });
  window = { fromUs, toUs: microseconds() };
  console.log(run);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
const files = (await readdir(dir)).filter((file) => file.endsWith('.cpuprofile'));
for (const file of files) {
  const profile = mapProfileToSources(
    JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Parameters<typeof summarize>[0],
  );
  // A thread other than the main one (a worker's) writes a profile of its own, with nothing of the requests.
  if (summarize(profile, 'package', window).busyMs < 50) continue;
  for (const by of ['package', 'function'] as const) {
    const summary = summarize(profile, by, window);
    console.log(
      `\n${file} by ${by}: busy ${summary.busyMs} ms of ${summary.totalMs} ms (gc ${summary.gcMs} ms)`,
    );
    console.table(summary.rows.slice(0, by === 'package' ? 20 : 45));
  }
}
console.log(`profiles in ${dir}`);
