// `npm run bench`: measures this machine's reference (a raw node:http hello) and our stack against it, as ratios,
// so results compare across machines. Each section starts its own processes and stops them when done.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { resolveInfra, type ResolvedInfra } from '@act/dev-infra';
import { load, ratio, startServer, type RunResult } from './bench-kit';
import { benchCredits } from './credits-bench';

interface Section {
  name: string;
  figures: Record<string, number | string>;
  runs: RunResult[];
  targets: Array<{ what: string; value: number; target: string; met: boolean }>;
}

async function benchGateway(): Promise<Section> {
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bench', alg: 'EdDSA' };
  const token = await new SignJWT({ email: 'bench@example.com' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
    .setSubject('5a0f3c1e-8b7d-4c2a-9e61-3f2b1a0c9d88')
    .setIssuer('act-identity')
    .setAudience('act-api')
    .setExpirationTime('1h')
    .sign(keys.privateKey);

  const raw = await startServer('load-tests/servers/raw-hello.ts');
  const kit = await startServer('load-tests/servers/kit-hello.ts', {
    BENCH_JWKS: JSON.stringify({ keys: [jwk] }),
  });
  const gateway = await startServer('load-tests/servers/gateway.ts', {
    CREDITS_URL: kit.url,
    JWKS_URL: `${kit.url}/jwks.json`,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    const runs = [
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
    ];
    const [a, b, c, d] = runs.map((run) => run.requestsPerSecond) as [number, number, number, number];
    const kitRatio = ratio(b, a);
    const gatewayRatio = ratio(c, a);
    return {
      name: 'gateway',
      runs,
      figures: { 'b/a': kitRatio, 'c/a': gatewayRatio, 'protected/public': ratio(d, c) },
      targets: [
        { what: 'service-kit / raw (b/a)', value: kitRatio, target: '>= 0.6', met: kitRatio >= 0.6 },
        { what: 'gateway / raw (c/a)', value: gatewayRatio, target: '>= 0.35', met: gatewayRatio >= 0.35 },
      ],
    };
  } finally {
    await Promise.all([gateway.stop(), kit.stop(), raw.stop()]);
  }
}

async function benchCreditsSection(infra: ResolvedInfra): Promise<Section> {
  const result = await benchCredits({ databaseUrl: infra.databaseUrl, natsUrl: infra.natsUrl });
  return {
    name: 'credits',
    runs: [],
    figures: { ...result },
    targets: [
      {
        what: 'reserve+commit / raw UPDATE',
        value: result.ratio,
        target: '>= 0.4',
        met: result.ratio >= 0.4,
      },
      {
        what: 'reserve+commit cycles/s',
        value: result.cyclesPerSecond,
        target: '>= 1500',
        met: result.cyclesPerSecond >= 1500,
      },
    ],
  };
}

// The same PostgreSQL and NATS the tests use: env URLs when they answer, the embedded defaults otherwise.
const infra = await resolveInfra({
  dataDir: fileURLToPath(new URL('../.data/bench-infra/', import.meta.url)),
  need: { postgres: true, nats: true },
  postgresDurability: 'relaxed',
});

const sections: Array<() => Promise<Section>> = [benchGateway, () => benchCreditsSection(infra)];

const results: Section[] = [];
for (const run of sections) {
  const section = await run();
  results.push(section);
  console.log(`\n## ${section.name}`);
  if (section.runs.length) console.table(section.runs);
  else console.log(section.figures);
  for (const target of section.targets) {
    console.log(`${target.met ? 'MET ' : 'MISS'}  ${target.what}: ${target.value} (target ${target.target})`);
  }
}

await infra.stop();
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
const file = new URL(
  `./results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  import.meta.url,
);
await writeFile(file, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log(`\nwrote ${file.pathname}`);
