// Where the browser finds each tool family's remote: /remotes.json, answered by the gateway from this environment's
// configuration, never from the shell's build (one shell build serves every environment). Either REMOTES_CONFIG, a
// JSON file `{ "<family>": "<manifest URL>" }` (k8s mounts it from a ConfigMap), or, without it, every remote built
// under REMOTES_DIR (`/remotes/<family>/mf-manifest.json` once `<family>/dist/mf-manifest.json` exists, checked per
// request so a remote built while the gateway runs shows up). REMOTE_<FAMILY>_URL points one family elsewhere (its
// own container or another origin) in both cases. A manifest URL is absolute (http, https) or a path on this origin.
import fs from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { TOOL_FAMILIES, type ToolFamily } from '@act/contracts';
import { ConfigError, z } from '@act/service-kit';

export type RemotesMap = Partial<Record<ToolFamily, string>>;

/** The variable pointing one family at its remote's mf-manifest.json: REMOTE_PROMPT_URL, REMOTE_IMAGE_URL, … */
export const remoteUrlEnv = (family: ToolFamily): string => `REMOTE_${family.toUpperCase()}_URL`;

export const manifestUrl = z.string().refine(
  (value) => {
    if (value.startsWith('/')) return !value.startsWith('//');
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL or a path starting with /' },
);

/** One optional REMOTE_<FAMILY>_URL per family in the contracts, for the gateway's config schema. */
export const remoteUrlFields = Object.fromEntries(
  TOOL_FAMILIES.map((family) => [remoteUrlEnv(family), manifestUrl.optional()]),
) as Record<string, z.ZodOptional<typeof manifestUrl>>;

// Only the families the contracts know: a typo in the ConfigMap fails the start instead of hiding a remote.
const remotesFileSchema = z.strictObject(
  Object.fromEntries(TOOL_FAMILIES.map((family) => [family, manifestUrl.optional()])) as Record<
    ToolFamily,
    z.ZodOptional<typeof manifestUrl>
  >,
);

export interface RemotesSettings {
  REMOTES_CONFIG?: string;
  REMOTES_DIR?: string;
  [variable: string]: unknown;
}

export interface RemotesSource {
  /** What /remotes.json answers now. */
  current(): Promise<RemotesMap>;
  /** The other origins remotes load from (they join the page's Content-Security-Policy). */
  origins: string[];
  /** For the start-up log. */
  description: string;
}

function readRemotesFile(file: string): RemotesMap {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([`REMOTES_CONFIG: cannot read ${file} as JSON (${(error as Error).message})`]);
  }
  const result = remotesFileSchema.safeParse(json);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `REMOTES_CONFIG ${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
      ),
    );
  }
  return result.data as RemotesMap;
}

export function remotesSource(settings: RemotesSettings): RemotesSource {
  const fromFile = settings.REMOTES_CONFIG ? readRemotesFile(settings.REMOTES_CONFIG) : undefined;
  const overrides: RemotesMap = {};
  for (const family of TOOL_FAMILIES) {
    const value = settings[remoteUrlEnv(family)];
    if (typeof value === 'string') overrides[family] = value;
  }
  const fixed: RemotesMap = { ...fromFile, ...overrides };
  const remotesDir = fromFile ? undefined : settings.REMOTES_DIR;
  const origins = [
    ...new Set(
      Object.values(fixed)
        .filter((url) => !url.startsWith('/'))
        .map((url) => new URL(url).origin),
    ),
  ];

  return {
    origins,
    description: fromFile
      ? `REMOTES_CONFIG ${settings.REMOTES_CONFIG}`
      : remotesDir
        ? `built remotes under ${remotesDir}`
        : 'REMOTE_<FAMILY>_URL only',
    async current() {
      if (!remotesDir) return fixed;
      const map: RemotesMap = {};
      for (const family of TOOL_FAMILIES) {
        const override = fixed[family];
        if (override) {
          map[family] = override;
          continue;
        }
        const manifest = path.join(remotesDir, family, 'dist', 'mf-manifest.json');
        if (
          await stat(manifest).then(
            (s) => s.isFile(),
            () => false,
          )
        ) {
          map[family] = `/remotes/${family}/mf-manifest.json`;
        }
      }
      return map;
    },
  };
}

/** GET /remotes.json: this environment's remotes, revalidated on every load so a change shows at once. */
export function remotesJson(source: RemotesSource): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/remotes.json' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await source.current();
  };
}
