// `npm start`'s launcher for real (scripts/launch.ts, what start.mjs runs after its install and build steps), with
// its own data folder and free gateway ports, and its own embedded PostgreSQL, nats-server and S3 (the test's servers
// are not handed to it). Through the gateway (issue 17, "fail fast, stay ready"): with the nats-server killed, charged
// calls fail within a second while sign-in still works, and NATS comes back by itself; with a service killed, it
// comes back and the product keeps answering.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@act/contracts';
import { findFreePort } from '@act/dev-infra';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 60_000;

let dataDir: string;
let launcher: ChildProcess;
let exited: Promise<number | null>;
let gateway: string;
const output: string[] = [];

/** Resolves once a line of the launcher's output matches, checking what it printed already. */
function lineMatching(pattern: RegExp, timeoutMs: number, from = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const line = output.slice(from).find((candidate) => pattern.test(candidate));
      if (line) return resolve(line);
      if (launcher.exitCode !== null)
        return reject(new Error(`launcher exited; output:\n${output.join('\n')}`));
      if (Date.now() - started > timeoutMs)
        return reject(
          new Error(`no line matching ${pattern} in ${timeoutMs} ms; output:\n${output.join('\n')}`),
        );
      setTimeout(check, 100);
    };
    check();
  });
}

beforeAll(async () => {
  // World-traversable, so the embedded PostgreSQL (the postgres user when running as root) can reach its folder.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'act-launch-'));
  fs.chmodSync(dataDir, 0o755);
  const gatewayPort = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LAUNCH_DATA_DIR: dataDir,
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_OPS_PORT: String(await findFreePort()),
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
  };
  // The launcher's own embedded servers: the nats-server is the one this test kills.
  for (const name of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT']) delete env[name];
  launcher = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'launch.ts')], {
    cwd: repoRoot,
    env,
    // The IPC channel, as start.mjs holds it: should this test process die, the launcher stops everything it started.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  exited = new Promise((resolve) => launcher.once('exit', (code) => resolve(code)));
  let partial = '';
  const collect = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    output.push(...lines);
  };
  launcher.stdout!.on('data', collect);
  launcher.stderr!.on('data', collect);
  gateway = `http://127.0.0.1:${gatewayPort}`;
  await lineMatching(/^Ready: http:\/\/localhost:/, START_TIMEOUT_MS);
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    launcher.kill('SIGTERM');
    const timer = setTimeout(() => launcher.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function call(route: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const started = performance.now();
  const response = await fetch(`${gateway}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body: reply, ms: performance.now() - started };
}

/** The pid of one supervised service, from the launcher's record of its children (their working folders). */
function servicePid(service: string): number {
  const recorded = JSON.parse(fs.readFileSync(path.join(dataDir, 'launcher-children.json'), 'utf8')) as {
    children: number[];
  };
  const pid = recorded.children.find((candidate) => {
    try {
      return fs.readlinkSync(`/proc/${candidate}/cwd`) === path.join(repoRoot, 'services', service);
    } catch {
      return false;
    }
  });
  if (pid === undefined) throw new Error(`no running ${service} among ${recorded.children.join(', ')}`);
  return pid;
}

/** Polls a call until it answers `status` (the product coming back), within the deadline. */
async function until(status: number, attempt: () => ReturnType<typeof call>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let reply = await attempt();
  while (reply.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    reply = await attempt();
  }
  return reply;
}

describe('npm start under failures', () => {
  it('fails charged calls fast while its nats-server is down, and brings it and a killed service back', async () => {
    const email = `launch-${Date.now()}@example.com`;
    const password = 'a-good-password';
    const signUp = await call(API_ROUTES.identity.signup, { body: { email, password } });
    expect(signUp.status).toBe(200);
    const signIn = () =>
      call(API_ROUTES.identity.token, { body: { grant_type: 'password', email, password } });
    const token = (signUp.body.session as { access_token: string }).access_token;
    const enhance = () =>
      call('/api/prompt/generate-text-prompt', { body: { text: 'a red bicycle' }, token });
    // The account exists in credits once identity's user.created event has reached it.
    expect((await until(200, enhance, 10_000)).status).toBe(200);
    let served = 1;

    const natsPid = Number(fs.readFileSync(path.join(dataDir, 'nats', 'nats-server.pid'), 'utf8').trim());
    const mark = output.length;
    process.kill(natsPid, 'SIGKILL');
    await lineMatching(/^launcher \| nats-server exited unexpectedly/, 5_000, mark);
    const refused = await enhance();
    expect(refused.status).toBe(503);
    expect(refused.ms, `503 after ${Math.round(refused.ms)} ms`).toBeLessThan(1_000);
    expect((await signIn()).status).toBe(200);

    // The supervisor starts it again on the same port; the services reconnect by themselves.
    await lineMatching(/^launcher \| nats-server is back/, 15_000, mark);
    expect((await until(200, enhance, 10_000)).status).toBe(200);
    served += 1;

    const promptPid = servicePid('prompt');
    const killedAt = output.length;
    process.kill(promptPid, 'SIGKILL');
    await lineMatching(/^launcher \| prompt exited unexpectedly/, 5_000, killedAt);
    expect((await signIn()).status).toBe(200);
    await lineMatching(/^launcher \| prompt is back/, 30_000, killedAt);
    expect(servicePid('prompt')).not.toBe(promptPid);
    expect((await until(200, enhance, 10_000)).status).toBe(200);
    served += 1;

    // Only the calls that were served are charged.
    const history = await until(200, () => call('/api/credits/tool-usage-history', { token }), 5_000);
    expect((history.body.history as unknown[]).length).toBe(served);

    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('launcher | stopped');
  }, 90_000);
});
