// `npm start`'s launcher for real (scripts/launch.ts, what start.mjs runs after its install and build steps), with
// its own data folder and free gateway ports, and its own embedded PostgreSQL, nats-server and S3 (the test's servers
// are not handed to it). Through the gateway (issue 17, "fail fast, stay ready"): with the nats-server killed, charged
// calls fail within a second while sign-in still works, and NATS comes back by itself; with a service killed, it
// comes back and the product keeps answering.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@act/contracts';
import { spawnLauncher, type LauncherProcess } from './launcher-process';

const START_TIMEOUT_MS = 60_000;

let launcher: LauncherProcess;
let gateway: string;
let output: string[];
let dataDir: string;
const lineMatching: LauncherProcess['lineMatching'] = (...args) => launcher.lineMatching(...args);

beforeAll(async () => {
  launcher = await spawnLauncher();
  ({ gateway, output, dataDir } = launcher);
  await lineMatching(/^Ready: http:\/\/localhost:/, START_TIMEOUT_MS);
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  await launcher?.stop();
}, 40_000);

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
  const pid = launcher.childIn(path.join('services', service));
  if (pid === undefined) throw new Error(`no running ${service} among ${launcher.childPids().join(', ')}`);
  return pid;
}

type Reply = Awaited<ReturnType<typeof call>>;
const answered = (reply: Reply) => reply.status === 200;

/** Polls a call until its reply is `done` (the product coming back, a charge arrived), within the deadline. */
async function until(done: (reply: Reply) => boolean, attempt: () => Promise<Reply>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let reply = await attempt();
  while (!done(reply) && Date.now() < deadline) {
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
    expect((await until(answered, enhance, 10_000)).status).toBe(200);
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
    expect((await until(answered, enhance, 10_000)).status).toBe(200);
    served += 1;

    const promptPid = servicePid('prompt');
    const killedAt = output.length;
    process.kill(promptPid, 'SIGKILL');
    await lineMatching(/^launcher \| prompt exited unexpectedly/, 5_000, killedAt);
    expect((await signIn()).status).toBe(200);
    await lineMatching(/^launcher \| prompt is back/, 30_000, killedAt);
    expect(servicePid('prompt')).not.toBe(promptPid);
    expect((await until(answered, enhance, 10_000)).status).toBe(200);
    served += 1;

    // Only the calls that were served are charged. A commit reaches credits' history through JetStream after the
    // call has answered, so the history is read until it holds as many as were served (a CI run read it a moment
    // before the last one); an extra charge would still show as one more.
    const entries = (reply: Reply) => (reply.body.history as unknown[] | undefined)?.length ?? 0;
    const history = await until(
      (reply) => answered(reply) && entries(reply) >= served,
      () => call('/api/credits/tool-usage-history', { token }),
      10_000,
    );
    expect(entries(history)).toBe(served);

    launcher.process.kill('SIGTERM');
    expect(await launcher.exited).toBe(0);
    expect(output).toContain('launcher | stopped');
  }, 90_000);
});
