// The remote loader against a fake /remotes.json, fake manifests and a fake federation runtime: a remote renders only
// when its manifest's host SDK range admits this shell; a missing, unreachable, mismatched or slow remote rejects with
// RemoteUnavailableError (the tool frame's fallback), and Retry tries again for real.
import { describe, expect, it, vi } from 'vitest';
import type { ToolPages } from '@act/host-sdk';
import { HOST_SDK_VERSION } from '@act/host-sdk/version';
import hostSdkPackage from '../../../packages/host-sdk/package.json';
import { createRemoteLoader, RemoteUnavailableError, type FederationRuntime } from './remote-loader';

const PAGES: ToolPages = { 'magic-enhance': () => null };
const PROMPT_MANIFEST = 'https://remotes.example.com/prompt/mf-manifest.json';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Setup {
  remotes?: Record<string, string>;
  manifest?: () => Promise<Response>;
  loadRemote?: () => Promise<unknown>;
  hostSdkVersion?: string;
  timeoutMs?: number;
}

function setup({
  remotes = { prompt: PROMPT_MANIFEST },
  manifest = async () => json({ metaData: { requiredHostSdk: '^1.2.0' } }),
  loadRemote = async () => ({ toolPages: PAGES }),
  hostSdkVersion = '1.4.0',
  timeoutMs,
}: Setup = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    if (url === '/remotes.json') return json(remotes);
    if (url === PROMPT_MANIFEST) return manifest();
    return new Response('Not found', { status: 404 });
  });
  const runtime = {
    registerRemotes: vi.fn<FederationRuntime['registerRemotes']>(),
    loadRemote: vi.fn(loadRemote) as unknown as FederationRuntime['loadRemote'] & ReturnType<typeof vi.fn>,
  };
  const load = createRemoteLoader({ fetch, runtime, hostSdkVersion, timeoutMs });
  return { load, fetch, runtime };
}

async function failureOf(promise: Promise<unknown>): Promise<RemoteUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RemoteUnavailableError);
  return error as RemoteUnavailableError;
}

describe('remote loader', () => {
  it('takes HOST_SDK_VERSION from the host SDK package', () => {
    expect(HOST_SDK_VERSION).toBe(hostSdkPackage.version);
  });

  it("registers remotes.json's families and loads one whose host SDK range this shell satisfies", async () => {
    const { load, runtime } = setup();
    expect(await load('prompt')).toBe(PAGES);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'prompt', entry: PROMPT_MANIFEST }]);
    expect(runtime.loadRemote).toHaveBeenCalledWith('prompt/tools');
  });

  it('refuses a remote built for a newer host SDK without running its code', async () => {
    const { load, runtime } = setup({ hostSdkVersion: '1.1.9' });
    const error = await failureOf(load('prompt'));
    expect(error.reason).toBe('host-sdk-mismatch');
    expect(error.message).toContain('needs host SDK ^1.2.0, this shell has 1.1.9');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('refuses a remote built for an older major of the host SDK', async () => {
    const { load, runtime } = setup({ hostSdkVersion: '2.0.0' });
    expect((await failureOf(load('prompt'))).reason).toBe('host-sdk-mismatch');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('refuses a remote whose manifest declares no host SDK range', async () => {
    const { load, runtime } = setup({ manifest: async () => json({ metaData: { name: 'prompt' } }) });
    const error = await failureOf(load('prompt'));
    expect(error.reason).toBe('host-sdk-mismatch');
    expect(error.message).toContain('declares no host SDK range');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('rejects a family that remotes.json does not list', async () => {
    const { load, runtime } = setup({ remotes: { chat: '/remotes/chat/mf-manifest.json' } });
    expect((await failureOf(load('prompt'))).reason).toBe('not-configured');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('rejects a remote whose manifest is missing (404)', async () => {
    const { load } = setup({ manifest: async () => new Response('Not found', { status: 404 }) });
    expect((await failureOf(load('prompt'))).reason).toBe('unreachable');
  });

  it('rejects a remote whose files fail to load', async () => {
    const { load } = setup({
      loadRemote: async () => {
        throw new Error('ScriptExternalLoadError');
      },
    });
    expect((await failureOf(load('prompt'))).reason).toBe('unreachable');
  });

  it('gives up on a remote that does not answer in time', async () => {
    const { load } = setup({ loadRemote: () => new Promise(() => undefined), timeoutMs: 20 });
    const error = await failureOf(load('prompt'));
    expect(error.reason).toBe('timeout');
  });

  it('gives up on a manifest that never arrives', async () => {
    const { load, runtime } = setup({ manifest: () => new Promise(() => undefined), timeoutMs: 20 });
    expect((await failureOf(load('prompt'))).reason).toBe('timeout');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('tries again on Retry (re-registering the remote) and keeps a loaded remote for later visits', async () => {
    let compatible = false;
    const { load, runtime, fetch } = setup({
      manifest: async () => json({ metaData: { requiredHostSdk: compatible ? '^1.0.0' : '^9.0.0' } }),
    });
    expect((await failureOf(load('prompt'))).reason).toBe('host-sdk-mismatch');

    // The remote's team ships a build for this shell's host SDK; Retry picks it up.
    compatible = true;
    expect(await load('prompt', { retry: true })).toBe(PAGES);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'prompt', entry: PROMPT_MANIFEST }], {
      force: true,
    });
    const fetches = fetch.mock.calls.length;
    expect(await load('prompt')).toBe(PAGES);
    expect(fetch.mock.calls.length).toBe(fetches);
  });

  it('fetches remotes.json again after it failed', async () => {
    let available = false;
    const fetch = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
      const url = String(input);
      if (url === '/remotes.json') return available ? json({ prompt: PROMPT_MANIFEST }) : json({}, 503);
      return json({ metaData: { requiredHostSdk: '*' } });
    });
    const runtime = { registerRemotes: vi.fn(), loadRemote: vi.fn(async () => ({ toolPages: PAGES })) };
    const load = createRemoteLoader({ fetch, runtime: runtime as unknown as FederationRuntime });
    expect((await failureOf(load('prompt'))).reason).toBe('unreachable');
    available = true;
    expect(await load('prompt', { retry: true })).toBe(PAGES);
  });
});
