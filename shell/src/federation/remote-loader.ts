// Loads a tool family's './tools' module through Module Federation. The manifest URL of each family comes from
// /remotes.json at run time (the gateway answers it from its configuration, one per environment), registered once.
// Before a remote runs, its mf-manifest.json must declare a host SDK range that this shell's HOST_SDK_VERSION
// satisfies. A family missing there, a remote for another host SDK, files that fail to load or a load slower than
// REMOTE_LOAD_TIMEOUT_MS reject with RemoteUnavailableError, so the tool frame shows its fallback (with Retry) while
// the rest of the shell keeps working.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';
import type { ToolFamily } from '@act/contracts';
import type { ToolPages } from '@act/host-sdk';
import { HOST_SDK_VERSION, REQUIRED_HOST_SDK_FIELD } from '@act/host-sdk/version';
import type { LoadToolPages } from '../app/shell-services';

export type RemotesConfig = Partial<Record<ToolFamily, string>>;

/** How long one remote may take (manifest, version check, files) before the tool frame shows its fallback. */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

export type RemoteFailureReason = 'not-configured' | 'unreachable' | 'timeout' | 'host-sdk-mismatch';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly family: ToolFamily,
    readonly reason: RemoteFailureReason,
    detail?: string,
    cause?: unknown,
  ) {
    super(`The ${family} tools could not be loaded (${reason}${detail ? `: ${detail}` : ''})`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** The two calls of the Module Federation runtime the loader uses (a test passes its own). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemoteLoaderOptions {
  fetch?: typeof fetch;
  runtime?: FederationRuntime;
  /** This shell's host SDK version; HOST_SDK_VERSION by default. */
  hostSdkVersion?: string;
  timeoutMs?: number;
}

export function createRemoteLoader(options: RemoteLoaderOptions = {}): LoadToolPages {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const runtime = options.runtime ?? { registerRemotes, loadRemote };
  const hostSdkVersion = options.hostSdkVersion ?? HOST_SDK_VERSION;
  const timeoutMs = options.timeoutMs ?? REMOTE_LOAD_TIMEOUT_MS;
  let config: Promise<RemotesConfig> | null = null;
  /** Families loaded once: their module stays in the page, so a later visit needs no network. */
  const loaded = new Map<ToolFamily, Promise<ToolPages>>();

  async function fetchRemotesConfig(): Promise<RemotesConfig> {
    const response = await fetchFn('/remotes.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    const json = (await response.json()) as Record<string, unknown>;
    const entries = Object.entries(json).filter(
      (entry): entry is [ToolFamily, string] => typeof entry[1] === 'string',
    );
    runtime.registerRemotes(entries.map(([name, entry]) => ({ name, entry })));
    return Object.fromEntries(entries);
  }

  function remotesConfig(): Promise<RemotesConfig> {
    config ??= fetchRemotesConfig().catch((error: unknown) => {
      // Let the next attempt (the Retry button) fetch the file again.
      config = null;
      throw error;
    });
    return config;
  }

  /** Throws unless the remote's manifest declares a host SDK range this shell satisfies. */
  async function checkHostSdk(family: ToolFamily, manifestUrl: string): Promise<void> {
    let manifest: { metaData?: Record<string, unknown> };
    try {
      const response = await fetchFn(manifestUrl, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${manifestUrl} answered ${response.status}`);
      manifest = (await response.json()) as typeof manifest;
    } catch (error) {
      throw new RemoteUnavailableError(family, 'unreachable', manifestUrl, error);
    }
    const range = manifest.metaData?.[REQUIRED_HOST_SDK_FIELD];
    if (typeof range !== 'string' || validRange(range) === null) {
      throw new RemoteUnavailableError(family, 'host-sdk-mismatch', 'the remote declares no host SDK range');
    }
    if (!satisfies(hostSdkVersion, range)) {
      throw new RemoteUnavailableError(
        family,
        'host-sdk-mismatch',
        `the remote needs host SDK ${range}, this shell has ${hostSdkVersion}`,
      );
    }
  }

  async function load(family: ToolFamily, retry: boolean): Promise<ToolPages> {
    let entries: RemotesConfig;
    try {
      entries = await remotesConfig();
    } catch (error) {
      throw new RemoteUnavailableError(family, 'unreachable', '/remotes.json', error);
    }
    const entry = entries[family];
    if (!entry) throw new RemoteUnavailableError(family, 'not-configured');
    await checkHostSdk(family, entry);
    if (retry) {
      // The runtime caches a failed remote entry; re-registering with force drops that cache so Retry really retries.
      runtime.registerRemotes([{ name: family, entry }], { force: true });
    }
    let module: { toolPages?: ToolPages } | null;
    try {
      module = await runtime.loadRemote<{ toolPages?: ToolPages }>(`${family}/tools`);
    } catch (error) {
      throw new RemoteUnavailableError(family, 'unreachable', entry, error);
    }
    if (!module || typeof module.toolPages !== 'object' || module.toolPages === null) {
      throw new RemoteUnavailableError(family, 'unreachable', `${family}/tools has no toolPages export`);
    }
    return module.toolPages;
  }

  function withTimeout(family: ToolFamily, work: Promise<ToolPages>): Promise<ToolPages> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RemoteUnavailableError(family, 'timeout', `no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  return (family, { retry = false } = {}) => {
    const cached = loaded.get(family);
    if (cached && !retry) return cached;
    const attempt = withTimeout(family, load(family, retry));
    loaded.set(family, attempt);
    attempt.catch(() => {
      // A failed attempt is not remembered: the next visit or Retry tries again.
      if (loaded.get(family) === attempt) loaded.delete(family);
    });
    return attempt;
  };
}

export const loadFederatedToolPages: LoadToolPages = createRemoteLoader();
