// Loads a tool family's './tools' module through Module Federation. The manifest URL of each family comes from
// /remotes.json at run time (one file per environment), registered once; a family missing there, or whose files
// fail to load, rejects so the tool frame can show its fallback while the rest of the shell keeps working.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ToolFamily } from '@act/contracts';
import type { ToolPages } from '@act/host-sdk';

export type RemotesConfig = Partial<Record<ToolFamily, string>>;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly family: ToolFamily,
    cause?: unknown,
  ) {
    super(`The ${family} tools could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

let config: Promise<RemotesConfig> | null = null;

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const json = (await response.json()) as Record<string, unknown>;
  const entries = Object.entries(json).filter(
    (entry): entry is [ToolFamily, string] => typeof entry[1] === 'string',
  );
  registerRemotes(entries.map(([name, entry]) => ({ name, entry })));
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

export async function loadFederatedToolPages(
  family: ToolFamily,
  options?: { retry?: boolean },
): Promise<ToolPages> {
  let entries: RemotesConfig;
  try {
    entries = await remotesConfig();
  } catch (error) {
    throw new RemoteUnavailableError(family, error);
  }
  const entry = entries[family];
  if (!entry) throw new RemoteUnavailableError(family);
  if (options?.retry) {
    // The runtime caches a failed remote entry; re-registering with force drops that cache so Retry really retries.
    registerRemotes([{ name: family, entry }], { force: true });
  }
  try {
    const module = await loadRemote<{ toolPages?: ToolPages }>(`${family}/tools`);
    if (!module || typeof module.toolPages !== 'object' || module.toolPages === null) {
      throw new Error(`${family}/tools has no toolPages export`);
    }
    return module.toolPages;
  } catch (error) {
    throw new RemoteUnavailableError(family, error);
  }
}
