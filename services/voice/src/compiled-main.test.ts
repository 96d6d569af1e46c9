// The voice service as its production image runs it: built with its workspace's build (`npm run build -w
// services/voice`, esbuild) and started as `node dist/main.js`, no transpiler. Voice is the service with the most to
// find beside its compiled entry: the SQL migrations of the service kit (outbox, jobs) and its own, and a worker
// thread entry (eSpeak NG, RNNoise, mp3) compiled next to main.js.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  createTestDatabase,
  REPO_ROOT,
  runServices,
  startChildService,
  testObjectStoreEnv,
  type ChildService,
  type CreditsProcess,
  type TestDatabase,
  type TestJwks,
} from '@act/service-kit/testing';
import { decodeMp3 } from './engines/mp3';

const WORKSPACE = 'services/voice';
// Inside the workspace (the bundle finds its npm packages from where it sits), apart from a dist/ being built by hand.
const outDir = `.test-child-dist-${randomUUID().slice(0, 8)}`;
const workspaceDir = path.join(REPO_ROOT, WORKSPACE);

let jwks: TestJwks;
let credits: CreditsProcess;
let db: TestDatabase;
let service: ChildService;

beforeAll(async () => {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', WORKSPACE, '--', '--outdir', outDir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  const run = await runServices();
  ({ jwks, credits } = run);
  db = await createTestDatabase('voice_compiled');
  service = await startChildService(
    WORKSPACE,
    { DATABASE_URL: db.url, NODE_ENV: 'production', ...run.serviceEnv, ...testObjectStoreEnv() },
    { entry: `${outDir}/main.js` },
  );
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await db?.drop();
  await credits?.stop();
  await jwks?.close();
  fs.rmSync(path.join(workspaceDir, outDir), { recursive: true, force: true });
}, 60_000);

describe('voice dist/main.js', () => {
  it('compiles to JavaScript that imports no TypeScript and only npm packages besides Node', () => {
    const main = fs.readFileSync(path.join(workspaceDir, outDir, 'main.js'), 'utf8');
    const imported = [...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]!);
    expect(imported).toContain('@nats-io/transport-node');
    // The PostgreSQL driver carries our patch (patches/): bundled from the patched tree, not imported unpatched.
    expect(imported).not.toContain('postgres');
    expect(main).toMatch(/function nextWrite\(fn\) \{\s+if \(!socket\) \{/);
    expect(
      imported.filter((specifier) => specifier.startsWith('@act/') || specifier.endsWith('.ts')),
    ).toEqual([]);
    // The service kit's koa 3 sits nested under packages/service-kit (the root holds a dev tool's koa 2, absent from
    // the image): bundled, not imported.
    expect(imported).not.toContain('koa');
    expect(main).toContain('class Application extends Emitter');
    expect(fs.existsSync(path.join(workspaceDir, outDir, 'local-worker.js'))).toBe(true);
  });

  it('migrates a fresh database from the SQL files copied beside it and becomes ready', () => {
    const migrated = service
      .output()
      .split('\n')
      .find((line) => line.includes('database migrated'));
    expect(migrated).toBeDefined();
    const { applied } = JSON.parse(migrated!) as { applied: string[] };
    expect(applied).toEqual(
      expect.arrayContaining(['000-kit-jetstream-outbox.sql', '000-kit-jobs.sql', '001-voice.sql']),
    );
  });

  it('speaks with eSpeak NG in its compiled worker thread, charged 30', async () => {
    const token = await jwks.tokenFor(randomUUID());
    const speech = await callJson(service.url, 'POST', '/api/voice/text-to-speech', {
      token,
      body: { text: 'Compiled and speaking.', voiceId: 'local-en-gb-m' },
    });
    expect(speech.body).toMatchObject({ success: true, remainingCredits: 20 });
    const audio = await fetch(`${service.url}${speech.body.audioUrl as string}`);
    const decoded = await decodeMp3(new Uint8Array(await audio.arrayBuffer()));
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(0.5);
    // A fresh process compiles eSpeak NG's WebAssembly first; a busy machine needs more than the default 30 s.
  }, 90_000);
});
