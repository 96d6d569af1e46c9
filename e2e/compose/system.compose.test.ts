// The whole system as operators run it: the images `npm run images` built, started by `docker compose up` with the
// project's own docker-compose.yml (nothing substituted but OPENAI_BASE_URL / OPENAI_API_KEY, which compose reads
// from the environment, pointing chat at a local fake of the provider). Through the gateway's published port: a
// member signs up and in, runs a charged prompt tool, has text spoken offline and fetches the audio through its
// signed URL, runs a photo effect whose result is stored in S3, and gets a chat reply streamed from the provider
// fake; each remote's own nginx container serves its manifest and bundle with CORS for the shell's origin only, and
// the shell in Chromium loads all five remotes with no console errors. Then identity and credits restart: the member
// stays signed in (the keys are kept in the volume) with the balance kept. `docker compose down -v` leaves nothing.
// Run by `npm test`'s docker stage (scripts/test.mjs) after the images are built.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { EVENT_STREAM, TOOLS, toolPath, type ToolFamily } from '@act/contracts';
import {
  appImages,
  composeFile,
  extraCaFile,
  findDocker,
  repoRoot,
  type Docker,
} from '@act/dev-infra/docker-images';
import { openImage } from '@act/service-kit/media';
import { eventsOf, readStreamBlocks, startFakeOpenAi, type FakeOpenAi } from '@act/service-kit/testing';
import { bluishPhoto } from '@act/image/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH, uniqueEmail } from '../support/browser';

/** Its own project name, so an operator's `docker compose` project in this folder is never touched. */
const PROJECT = 'act-compose-test';
const BASE = 'http://localhost:8080';
const SHELL_ORIGIN = 'http://localhost:8080';
/** Each remote's published port (docker-compose.yml). */
const REMOTE_PORTS: Record<ToolFamily, number> = {
  prompt: 8201,
  chat: 8202,
  image: 8203,
  voice: 8204,
  youtube: 8205,
};
const PASSWORD = 'Compose-smoke-7';
const FAKE_KEY = 'compose-test-fake-provider-key';
const FAKE_ANSWER = ['The ', 'answer ', 'came ', 'from ', 'the ', 'compose ', 'fake.'];

let docker: Docker;
let provider: FakeOpenAi;
let browser: Browser | undefined;

function composeCommand(): string[] {
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) return ['docker-compose'];
  return [docker.command, 'compose'];
}

function compose(args: string[], timeout = 900_000): string {
  const [command, ...base] = composeCommand();
  const result = spawnSync(command!, [...base, '-p', PROJECT, '-f', composeFile, ...args], {
    cwd: repoRoot,
    env: { ...docker.env, OPENAI_BASE_URL: provider.baseUrl, OPENAI_API_KEY: FAKE_KEY },
    encoding: 'utf8',
    timeout,
  });
  if (result.status !== 0) {
    throw new Error(`compose ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

function dockerLines(args: string[]): string[] {
  const result = spawnSync(docker.command, args, { env: docker.env, encoding: 'utf8' });
  return result.stdout.split('\n').filter(Boolean);
}

/**
 * The address containers reach this host on: the default bridge's gateway, which Docker gives the first address of
 * its subnet when the network does not name one.
 */
function bridgeGateway(): string {
  const [config] = dockerLines([
    'network',
    'inspect',
    'bridge',
    '--format',
    '{{json (index .IPAM.Config 0)}}',
  ]);
  const { Gateway: gateway, Subnet: subnet } = JSON.parse(config ?? '{}') as {
    Gateway?: string;
    Subnet?: string;
  };
  if (gateway) return gateway;
  const network = subnet?.match(/^(\d+\.\d+\.\d+)\.0\/\d+$/)?.[1];
  if (!network) throw new Error(`no gateway address on the default Docker bridge (${config})`);
  return `${network}.1`;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error(`timed out waiting for ${what}:\n${compose(['ps'])}`);
}

/** Every container of the project running and healthy (the one-shot bucket job done). */
async function systemHealthy(): Promise<boolean> {
  const reply = await fetch(`${BASE}/api/health`);
  if (!reply.ok) return false;
  for (const port of Object.values(REMOTE_PORTS)) {
    if (!(await fetch(`http://localhost:${port}/healthz`)).ok) return false;
  }
  return true;
}

async function api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const reply = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await reply.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the status tells.
  }
  return { status: reply.status, json, text };
}

async function signIn(email: string): Promise<string> {
  const reply = await api('POST', '/api/identity/token', {
    body: { grant_type: 'password', email, password: PASSWORD },
  });
  expect(reply.status, reply.text).toBe(200);
  return (reply.json.session as { access_token: string }).access_token;
}

async function balance(token: string): Promise<number> {
  const reply = await api('GET', '/api/credits/me', { token });
  expect(reply.status, reply.text).toBe(200);
  return (reply.json.me as { credits: number }).credits;
}

const member = { email: uniqueEmail('compose'), token: '' };

/** A certificate's first line of base64 (64 characters): enough to recognise it in a file system. */
function certificateLines(pem: string): string[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----\s*\n([A-Za-z0-9+/=]{64})/g)].map((match) => match[1]!);
}

/** The certificates of the build's CA bundle that are not public ones (Debian's Mozilla set): the company's own. */
function privateCertificateLines(file: string): string[] {
  const publicDir = '/usr/share/ca-certificates/mozilla';
  const known = new Set(
    fs.existsSync(publicDir)
      ? fs
          .readdirSync(publicDir)
          .flatMap((name) => certificateLines(fs.readFileSync(path.join(publicDir, name), 'utf8')))
      : [],
  );
  return certificateLines(fs.readFileSync(file, 'utf8')).filter((line) => !known.has(line));
}

/** Which of `needles` occur anywhere in the image's file system (`docker export` of a container never started). */
async function foundInImage(image: string, needles: string[]): Promise<string[]> {
  const created = spawnSync(docker.command, ['create', image], { env: docker.env, encoding: 'utf8' });
  const id = created.stdout.trim();
  try {
    const found = new Set<string>();
    const exported = spawn(docker.command, ['export', id], {
      env: docker.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let carry = '';
    for await (const chunk of exported.stdout) {
      const text = carry + (chunk as Buffer).toString('latin1');
      for (const needle of needles) if (text.includes(needle)) found.add(needle);
      carry = text.slice(-128);
    }
    return [...found];
  } finally {
    spawnSync(docker.command, ['rm', id], { env: docker.env, stdio: 'ignore' });
  }
}

describe('the system from docker-compose.yml', () => {
  beforeAll(async () => {
    const found = findDocker();
    if (!found) throw new Error('no Docker engine answers');
    docker = found;
    provider = await startFakeOpenAi({ host: bridgeGateway() });
    provider.setFallback({ kind: 'stream', chunks: FAKE_ANSWER, chunkDelayMs: 20 });
    // A leftover of an interrupted run would keep its volumes: start from nothing.
    compose(['down', '-v', '--remove-orphans']);
    // Compose gives up as soon as a dependency's probe fails once it has started; on a loaded host a probe can time
    // out while the service is fine, and `up` again carries on from where it stopped.
    for (let attempt = 1; ; attempt++) {
      try {
        compose(['up', '-d', '--no-build']);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        console.warn(`compose up, attempt ${attempt}: ${(error as Error).message.slice(-600)}`);
      }
    }
    await waitUntil('the gateway and the remotes to be healthy', systemHealthy);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    if (docker && provider) {
      // Keeps what a failing run needs to be understood, before taking it all down.
      const failed = spawnSync(
        composeCommand()[0]!,
        [...composeCommand().slice(1), '-p', PROJECT, '-f', composeFile, 'ps'],
        {
          env: docker.env,
          encoding: 'utf8',
        },
      );
      console.log(failed.stdout);
      compose(['down', '-v', '--remove-orphans']);
    }
    await provider?.close();
  }, 300_000);

  it("keeps the build's CA bundle out of every final image", async () => {
    const caFile = extraCaFile();
    const own = caFile ? privateCertificateLines(caFile) : [];
    // One image of each kind: a service, the gateway (with the shell) and a remote, all built after `npm ci` ran
    // with the CA mounted.
    const images = appImages();
    const sample = ['service', 'gateway', 'remote'].map((target) =>
      images.find((image) => image.target === target)!,
    );
    for (const image of sample) {
      const history = spawnSync(
        docker.command,
        ['history', '--no-trunc', '--format', '{{.CreatedBy}}', image.tag],
        {
          env: docker.env,
          encoding: 'utf8',
        },
      );
      expect(history.status).toBe(0);
      expect(history.stdout).not.toContain('BEGIN CERTIFICATE');
      if (own.length) expect(await foundInImage(image.tag, own), image.tag).toEqual([]);
    }
    if (!own.length) console.warn('compose test: the build had no private CA; only the history was checked');
  });

  it('signs a member up and in through the gateway', async () => {
    const signup = await api('POST', '/api/identity/signup', {
      body: { email: member.email, password: PASSWORD },
    });
    expect(signup.status, signup.text).toBe(200);
    member.token = await signIn(member.email);
    expect(await balance(member.token)).toBe(50);
  });

  it('charges a prompt tool once', async () => {
    const before = await balance(member.token);
    const reply = await api('POST', '/api/prompt/generate-text-prompt', {
      token: member.token,
      body: { text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(String(reply.json.prompt).length).toBeGreaterThan(20);
    expect(reply.json.remainingCredits).toBe(before - 1);
    expect(await balance(member.token)).toBe(before - 1);
  });

  it('speaks text offline and serves the audio through its signed URL', async () => {
    const voices = await api('GET', '/api/voice/voices', { token: member.token });
    expect(voices.status, voices.text).toBe(200);
    expect(voices.json.engine).toBe('local');
    const [voice] = voices.json.voices as { id: string }[];
    const reply = await api('POST', '/api/voice/text-to-speech', {
      token: member.token,
      body: { text: 'Hello from the compose smoke test.', voiceId: voice!.id, toolName: 'text-to-speech' },
    });
    expect(reply.status, reply.text).toBe(200);
    const audio = await fetch(new URL(String(reply.json.audioUrl), BASE));
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\/mpeg/);
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1_000);
    // An MP3: an ID3 tag or an MPEG frame sync at the start.
    expect(
      bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0),
    ).toBe(true);
    // Signed: the same path with a tampered signature is refused.
    const tampered = new URL(String(reply.json.audioUrl), BASE);
    for (const [name, value] of tampered.searchParams) {
      if (/sig/i.test(name)) tampered.searchParams.set(name, `${value.slice(0, -2)}xx`);
    }
    expect((await fetch(tampered)).status).not.toBe(200);
  });

  it('runs a photo effect and stores the result in S3', async () => {
    // A member of its own: the 20-credit effect needs more than the first member has left after speech.
    const email = uniqueEmail('compose-effect');
    const signup = await api('POST', '/api/identity/signup', { body: { email, password: PASSWORD } });
    expect(signup.status, signup.text).toBe(200);
    const token = await signIn(email);
    const before = await balance(token);
    const storedFiles = () =>
      Number(compose(['exec', '-T', 'minio', 'sh', '-c', 'find /data/act-uploads -type f | wc -l']).trim());
    const filesBefore = storedFiles();
    const jpeg = await openImage(await bluishPhoto(320, 240))
      .jpeg({ quality: 88 })
      .toBuffer();
    const reply = await api('POST', '/api/image/color-correction', {
      token,
      body: { image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, toolName: 'color-correction' },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.remainingCredits).toBe(before - 20);
    const result = await fetch(new URL(String(reply.json.processedImageUrl), BASE));
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^image\/jpeg/);
    // The input and the result are in the store's volume, under the bucket compose created.
    expect(storedFiles()).toBeGreaterThan(filesBefore);
  });

  it('streams a chat reply from the provider reached through the compose settings', async () => {
    const asked = provider.requests.length;
    const reply = await fetch(`${BASE}/api/chat/chat-agent/send-message`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${member.token}`,
        'content-type': 'application/json',
        accept: EVENT_STREAM,
      },
      body: JSON.stringify({ prompt: 'Say hello', modelId: 'openai/gpt-4o-mini', toolName: 'chat-agent' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = eventsOf<{ type: string; text?: string }>(await readStreamBlocks(reply));
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.text).join('')).toBe(FAKE_ANSWER.join(''));
    expect(provider.requests.length).toBe(asked + 1);
    expect(provider.requests.at(-1)!.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
  });

  it("serves each remote's manifest and bundle from its own nginx, with CORS for the shell's origin only", async () => {
    for (const [family, port] of Object.entries(REMOTE_PORTS)) {
      const manifestUrl = `http://localhost:${port}/remotes/${family}/mf-manifest.json`;
      const manifest = await fetch(manifestUrl, { headers: { origin: SHELL_ORIGIN } });
      expect(manifest.status, family).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe(SHELL_ORIGIN);
      const stranger = await fetch(manifestUrl, { headers: { origin: 'https://elsewhere.example.com' } });
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
      const { metaData } = (await manifest.json()) as { metaData: { remoteEntry: { name: string } } };
      const entry = await fetch(new URL(metaData.remoteEntry.name, manifestUrl));
      expect(entry.status, family).toBe(200);
      expect(entry.headers.get('content-type')).toMatch(/javascript/);
    }
  });

  it('loads the five remotes in the shell with no console errors', async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const fromRemotes = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const family = Object.entries(REMOTE_PORTS).find(([, port]) => url.port === String(port))?.[0];
      if (family && response.ok() && url.pathname.endsWith('.js')) fromRemotes.add(family);
    });
    // Signed in through the page, as a member is (the refresh cookie is the browser's).
    await page.goto('/auth');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    for (const family of Object.keys(REMOTE_PORTS) as ToolFamily[]) {
      const tool = TOOLS.find((candidate) => candidate.family === family && candidate.hasPage)!;
      await page.goto(toolPath(tool.id));
      await page.getByRole('heading', { level: 1, name: tool.name }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
    }
    expect([...fromRemotes].sort()).toEqual(Object.keys(REMOTE_PORTS).sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps members signed in and balances after identity and credits restart', async () => {
    const before = await balance(member.token);
    compose(['restart', 'identity', 'credits']);
    await waitUntil('identity and credits to be ready again', systemHealthy);
    // The access token identity signed before the restart still verifies: the same keys, read from the volume.
    expect(await balance(member.token)).toBe(before);
    const again = await signIn(member.email);
    expect(await balance(again)).toBe(before);
  });

  it('leaves no container, volume or network behind after down -v', () => {
    compose(['down', '-v', '--remove-orphans']);
    const label = `label=com.docker.compose.project=${PROJECT}`;
    expect(dockerLines(['ps', '-a', '--filter', label, '--format', '{{.Names}}'])).toEqual([]);
    expect(dockerLines(['volume', 'ls', '--filter', label, '--format', '{{.Name}}'])).toEqual([]);
    expect(dockerLines(['network', 'ls', '--filter', label, '--format', '{{.Name}}'])).toEqual([]);
  });
});
