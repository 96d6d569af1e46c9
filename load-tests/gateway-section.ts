// The gateway section of `npm run bench`: the hellos of the raw reference, bare Koa, the per-request floor, the
// service kit, the gateway, the fastest Node proxy and nginx, started as their own processes (no system), and their
// ratios (docs/performance.md#what-it-measures).
import { processCpuMs } from '@act/service-kit/testing';
import {
  benchSigning,
  load,
  median,
  ratio,
  round,
  startServer,
  type BenchServer,
  type RunResult,
} from './bench-kit';
import type { Section, Target } from './bench-run';
import { pinServersApart } from './cpu-pinning';
import { NGINX_INSTALL_HINT, startNginxProxy } from './nginx-proxy';

interface GatewayServers {
  raw: BenchServer;
  koa: BenchServer;
  floor: BenchServer;
  kit: BenchServer;
  /**
   * The same kit hello in a process that serves nothing else: the interleaved windows compare it with the floor. The
   * `kit` above is also the upstream of the gateway, the Node proxy and nginx, and came to those windows holding
   * their idle keep-alive connections (65 s) and the garbage of their load, which the floor never served.
   */
  kitAlone: BenchServer;
  gateway: BenchServer;
  nodeProxy: BenchServer;
  /** Undefined when nginx is not installed. */
  nginx: BenchServer | undefined;
  token: string;
  /** The JWKS of `token`'s key, which the kit hellos publish. */
  jwks: string;
}

/** Requests per second of each hello: the first windows, then the medians of the three interleaved ones. */
interface GatewayRates {
  raw: number;
  kit: number;
  gateway: number;
  protectedGateway: number;
  koa: number;
  nodeProxy: number;
  nginx: number | undefined;
  kitMedian: number;
  koaMedian: number;
  floorMedian: number;
  /** The server's own CPU time per request answered, µs: the medians of the paired windows (pairedCpuPerRequest). */
  kitCpuUs: number;
  floorCpuUs: number;
  /** The median of the paired windows' floor/kit CPU ratios: the target's figure. */
  floorOverKitCpu: number;
}

async function startGatewayServers(): Promise<GatewayServers> {
  const { jwks, token } = await benchSigning();
  const raw = await startServer('load-tests/servers/raw-hello.ts');
  const koa = await startServer('load-tests/servers/koa-hello.ts');
  const floor = await startServer('load-tests/servers/koa-floor-hello.ts');
  const kit = await startServer('load-tests/servers/kit-hello.ts', { BENCH_JWKS: jwks });
  const kitAlone = await startServer('load-tests/servers/kit-hello.ts', { BENCH_JWKS: jwks });
  const gateway = await startServer('load-tests/servers/gateway.ts', {
    CREDITS_URL: kit.url,
    // Required beside CREDITS_URL; the benchmark never calls /api/health, so the public URL stands in.
    CREDITS_OPS_URL: kit.url,
    JWKS_URL: `${kit.url}/jwks.json`,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const nodeProxy = await startServer('load-tests/servers/node-proxy.ts', { UPSTREAM_URL: kit.url });
  const nginx = await startNginxProxy(kit.url);
  if (!nginx) console.log(`[bench] gateway/nginx: ${NGINX_INSTALL_HINT}`);
  return { raw, koa, floor, kit, kitAlone, gateway, nodeProxy, nginx, token, jwks };
}

async function loadHellos(servers: GatewayServers): Promise<RunResult[]> {
  const { raw, koa, floor, kit, gateway, nodeProxy, nginx, token } = servers;
  return [
    await load({ label: 'raw node:http hello (reference)', url: `${raw.url}/` }),
    await load({ label: 'service-kit hello, direct', url: `${kit.url}/api/credits/plans` }),
    await load({
      label: 'service-kit hello via gateway (public)',
      url: `${gateway.url}/api/credits/plans`,
    }),
    await load({
      label: 'service-kit hello via gateway (JWT verified)',
      url: `${gateway.url}/api/credits/me`,
      headers: { authorization: `Bearer ${token}` },
    }),
    await load({ label: 'bare Koa hello (framework ceiling)', url: `${koa.url}/` }),
    await load({
      label: 'Koa hello with only the per-request musts (service floor)',
      url: `${floor.url}/`,
    }),
    await load({
      label: 'service-kit hello via node:http + undici (Node proxy ceiling)',
      url: `${nodeProxy.url}/api/credits/plans`,
    }),
    ...(nginx
      ? [
          await load({
            label: 'service-kit hello via nginx (reference proxy)',
            url: `${nginx.url}/api/credits/plans`,
          }),
        ]
      : []),
  ];
}

/**
 * The kit, bare Koa and the floor in three interleaved rounds. On two shared cores one 5-second window moves their
 * throughput ratios by a tenth or more between runs minutes apart (the load generator takes its share of the same
 * cores), so each figure is the median of its three windows. Each of the three is a process that serves only its
 * own windows (the kit's is `kitAlone`), and the order turns every round, so none is always the first window after
 * the proxies' load.
 */
async function interleavedMedians(servers: GatewayServers) {
  const rates = { kit: [] as number[], koa: [] as number[], floor: [] as number[] };
  const urls = {
    kit: `${servers.kitAlone.url}/api/credits/plans`,
    koa: `${servers.koa.url}/`,
    floor: `${servers.floor.url}/`,
  };
  // Bare Koa and the floor served their table windows (loadHellos) before these; the kit's own process has served
  // nothing yet, and its first window ran while its JIT still compiled. One window it is not measured in warms it.
  await load({ label: 'service-kit hello, direct (warm-up)', url: urls.kit });
  const order = ['kit', 'koa', 'floor'] as const;
  for (let round = 0; round < 3; round++) {
    for (let turn = 0; turn < order.length; turn++) {
      const which = order[(round + turn) % order.length]!;
      const run = await load({ label: which, url: urls[which] });
      // No answer at all is no figure: the section says so on its SKIP line rather than print a ratio of zero.
      if (!run.requests) throw new Error(`the ${which} hello answered no request in its window`);
      rates[which].push(run.requestsPerSecond);
    }
  }
  const { kit, koa, floor } = rates;
  console.log(
    `[bench] req/s in three windows each: kit ${kit.join(', ')}; bare Koa ${koa.join(', ')}; floor ${floor.join(', ')}`,
  );
  return { kitMedian: median(kit), koaMedian: median(koa), floorMedian: median(floor) };
}

/**
 * The CPU comparison: pairs of fresh processes (a kit hello and a floor hello each), the windows each pair is measured
 * in, and the share of the floor's throughput each server is offered in them.
 */
const CPU_PAIRS = 3;
const CPU_WINDOWS_PER_PAIR = 8;
const CPU_WINDOW_SECONDS = 2;
const CPU_LOAD_SHARE = 0.3;

/**
 * What a request costs the kit against the floor: the server's own CPU time per request answered (from /proc),
 * both offered the same fixed rate at the same time on the same CPU (cpu-pinning.ts), in 2-second windows; the figure
 * is the median of the windows' floor/kit ratios. Measured one after the other at full speed, the same server's CPU
 * per request moved by up to a fifth window to window on two shared virtual cores: how many requests each event-loop
 * turn batches follows how fast the load generator beside it sends, and one core runs slower than the other for
 * seconds at a time. At a fixed rate both get the same arrivals, and on one CPU at once the same machine. The rate is
 * a share of the floor's throughput, so the two together stay within one CPU on a slower machine too.
 *
 * Each pair is two processes of their own, started for it: one process of the same server measured against another
 * read 0.97 to 1.01, and one pair's windows agree with each other more than with the next pair's, so a figure from a
 * single pair was as much the pair as the code. Three pairs, one after the other, and the median of all their windows.
 */
async function pairedCpuPerRequest(jwks: string, floorRate: number) {
  const overallRate = Math.max(100, Math.round(floorRate * CPU_LOAD_SHARE));
  const kit: number[] = [];
  const floor: number[] = [];
  let where = '';
  for (let pairIndex = 0; pairIndex < CPU_PAIRS; pairIndex++) {
    const started: BenchServer[] = [];
    try {
      started.push(await startServer('load-tests/servers/kit-hello.ts', { BENCH_JWKS: jwks }));
      started.push(await startServer('load-tests/servers/koa-floor-hello.ts'));
      const pair = [
        { server: started[0]!, path: '/api/credits/plans', label: 'service-kit hello' },
        { server: started[1]!, path: '/', label: 'Koa floor hello' },
      ];
      // A fresh process runs its first requests while its JIT still compiles: a window it is not measured in warms it.
      for (const { server, path, label } of pair) {
        await load({
          label: `${label} (warm-up)`,
          url: `${server.url}${path}`,
          durationSeconds: CPU_WINDOW_SECONDS,
        });
      }
      const pinning = pinServersApart(started.map((server) => server.process.pid!));
      where =
        typeof pinning === 'string'
          ? `not pinned: ${pinning}`
          : `both on CPU ${pinning.cpu}, the load beside`;
      try {
        for (let window = 0; window < CPU_WINDOWS_PER_PAIR; window++) {
          const [kitUs, floorUs] = await cpuPerRequestAtOnce(pair, overallRate);
          kit.push(kitUs!);
          floor.push(floorUs!);
        }
      } finally {
        if (typeof pinning !== 'string') pinning.restore();
      }
    } finally {
      await Promise.all(started.map((server) => server.stop()));
    }
  }
  const rounded = (values: number[]) => values.map(Math.round).join(', ');
  console.log(
    `[bench] CPU µs per request, both offered ${overallRate} req/s at once (${where}), ${CPU_PAIRS} pairs of processes: kit ${rounded(kit)}; floor ${rounded(floor)}`,
  );
  return {
    kitCpuUs: median(kit),
    floorCpuUs: median(floor),
    floorOverKitCpu: median(floor.map((each, window) => each / kit[window]!)),
  };
}

/** One window: each server's CPU µs per request answered, both loaded at `overallRate` at the same time. */
async function cpuPerRequestAtOnce(
  pair: ReadonlyArray<{ server: BenchServer; path: string; label: string }>,
  overallRate: number,
): Promise<number[]> {
  const before = await Promise.all(pair.map(({ server }) => processCpuMs(server.process.pid!)));
  const runs = await Promise.all(
    pair.map(({ server, path, label }) =>
      load({ label, url: `${server.url}${path}`, overallRate, durationSeconds: CPU_WINDOW_SECONDS }),
    ),
  );
  const after = await Promise.all(pair.map(({ server }) => processCpuMs(server.process.pid!)));
  return runs.map((run, i) => {
    if (!run.requests) throw new Error(`the ${pair[i]!.label} answered no request in its window`);
    return ((after[i]! - before[i]!) * 1000) / run.requests;
  });
}

function gatewayFigures(r: GatewayRates): Section['figures'] {
  return {
    'b/a': ratio(r.kit, r.raw),
    'c/a': ratio(r.gateway, r.raw),
    'protected/public': ratio(r.protectedGateway, r.gateway),
    'bare Koa/a': ratio(r.koa, r.raw),
    // Medians of three interleaved windows each (the table's kit, bare Koa and floor rows are windows of their own).
    'service-kit/bare Koa': ratio(r.kitMedian, r.koaMedian),
    // The floor is bare Koa plus only what every service must do per request (servers/koa-floor-hello.ts):
    // `floor/bare Koa` is what any service on Koa can reach, `service-kit/floor` what the kit adds on top.
    'floor/bare Koa': ratio(r.floorMedian, r.koaMedian),
    'service-kit/floor': ratio(r.kitMedian, r.floorMedian),
    // The same by cost: the floor's CPU time per request over the kit's, window by window (the target's figure).
    'service-kit/floor by CPU per request': round(r.floorOverKitCpu),
    // The gateway against a production reverse proxy doing the same job (no JWT, no rate limit in nginx).
    // How far the gateway is from the fastest Node proxy, and how far that one is from nginx: the gateway
    // cannot pass the first, so `node proxy/nginx` below 0.7 means the nginx target needs another proxy core.
    'gateway/node proxy': ratio(r.gateway, r.nodeProxy),
    ...(r.nginx
      ? {
          'gateway/nginx': ratio(r.gateway, r.nginx),
          'node proxy/nginx': ratio(r.nodeProxy, r.nginx),
          'nginx/a': ratio(r.nginx, r.raw),
        }
      : { 'gateway/nginx': 'nginx not installed' }),
  };
}

function gatewayTargets(r: GatewayRates): Target[] {
  const kitRatio = ratio(r.kit, r.raw);
  const gatewayRatio = ratio(r.gateway, r.raw);
  const kitOverKoa = ratio(r.kitMedian, r.koaMedian);
  return [
    { what: 'service-kit / raw (b/a)', value: kitRatio, target: '>= 0.6', met: kitRatio >= 0.6 },
    { what: 'gateway / raw (c/a)', value: gatewayRatio, target: '>= 0.35', met: gatewayRatio >= 0.35 },
    {
      what: 'service-kit / bare Koa',
      value: kitOverKoa,
      target: '>= 0.8',
      met: kitOverKoa >= 0.8,
      missNote: `the per-request floor reaches ${ratio(r.floorMedian, r.koaMedian)} of bare Koa; service-kit / floor ${ratio(r.kitMedian, r.floorMedian)}`,
    },
    {
      // Issue 44: what the kit adds on top of the musts every service pays per request, as CPU time per request.
      what: 'service-kit / per-request floor (floor CPU per request / kit)',
      value: round(r.floorOverKitCpu),
      target: '>= 0.95',
      met: round(r.floorOverKitCpu) >= 0.95,
      missNote: `kit ${Math.round(r.kitCpuUs)} µs, floor ${Math.round(r.floorCpuUs)} µs of CPU per request; by throughput ${ratio(r.kitMedian, r.floorMedian)}`,
    },
    ...(r.nginx
      ? [
          {
            what: 'gateway / nginx',
            value: ratio(r.gateway, r.nginx),
            target: '>= 0.7',
            met: ratio(r.gateway, r.nginx) >= 0.7,
          },
          {
            what: 'Node proxy ceiling / nginx (what any Node gateway can reach)',
            value: ratio(r.nodeProxy, r.nginx),
            target: '>= 0.7',
            met: ratio(r.nodeProxy, r.nginx) >= 0.7,
          },
        ]
      : []),
  ];
}

export async function benchGateway(): Promise<Section> {
  const servers = await startGatewayServers();
  try {
    const runs = await loadHellos(servers);
    // The floor's first window (the sixth) is a row of the table; its figures come from the interleaved windows.
    const [a, b, c, d, k, , p, n] = runs.map((run) => run.requestsPerSecond);
    const medians = await interleavedMedians(servers);
    const cpu = await pairedCpuPerRequest(servers.jwks, medians.floorMedian);
    const rates: GatewayRates = {
      raw: a!,
      kit: b!,
      gateway: c!,
      protectedGateway: d!,
      koa: k!,
      nodeProxy: p!,
      nginx: n,
      ...medians,
      ...cpu,
    };
    return { name: 'gateway', runs, figures: gatewayFigures(rates), targets: gatewayTargets(rates) };
  } finally {
    const { raw, koa, floor, kit, kitAlone, gateway, nodeProxy, nginx } = servers;
    await Promise.all([
      gateway.stop(),
      kit.stop(),
      kitAlone.stop(),
      koa.stop(),
      floor.stop(),
      raw.stop(),
      nodeProxy.stop(),
      nginx?.stop(),
    ]);
  }
}
