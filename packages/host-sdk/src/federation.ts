// The build side of the front-end contract, shared by the shell's and every remote's rsbuild.config.ts: the shared
// singletons (one React, router, host-sdk with its Markdown renderer, and contracts per page) and the whole Rsbuild
// config of a remote, so a new family's remote is `export default defineRemoteConfig({ family, devPort })` and nothing
// is copied.
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { ToolFamily } from '@act/contracts';
import { HOST_SDK_VERSION, REQUIRED_HOST_SDK_FIELD } from './version';

// 'react/' and 'react-dom/' cover subpath imports (react/jsx-runtime, react-dom/client), which the bare names do not.
// requiredVersion false: the shell's copy always wins.
const singleton = { singleton: true, requiredVersion: false } as const;

export const SHARED_SINGLETONS = {
  react: singleton,
  'react/': singleton,
  'react-dom': singleton,
  'react-dom/': singleton,
  'react-router': singleton,
  '@act/host-sdk': singleton,
  // The one Markdown renderer (with its KaTeX and Mermaid chunks) is its own entry, so the host SDK's main one stays
  // light; shared like it, a page holds one copy (the shell's) however many remotes render Markdown.
  '@act/host-sdk/markdown': singleton,
  '@act/contracts': singleton,
};

export interface RemoteConfigOptions {
  family: ToolFamily;
  /** Port of `rsbuild dev` for this remote. */
  devPort: number;
  /**
   * The host SDK versions this remote works with (a semver range). By default the caret range of the host SDK it is
   * built against: the same major (minor while 0.x), at least that version.
   */
  requiredHostSdk?: string;
}

/**
 * A remote: Module Federation name `<family>`, exposing './tools' (src/tools.ts, its tool pages), built on its own
 * (`npm run build -w remotes/<family>`) into dist/, a static bundle that works from any URL: the gateway's
 * /remotes/<family>/, its own container, or another origin (a CDN). Its mf-manifest.json declares the host SDK range
 * it needs (metaData.requiredHostSdk), which the shell checks before rendering it.
 */
export function defineRemoteConfig({
  family,
  devPort,
  requiredHostSdk = `^${HOST_SDK_VERSION}`,
}: RemoteConfigOptions): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: family,
        // The container's global must not be the family name: `window.prompt` is the browser's own dialog, and the
        // runtime would take it for our remote entry. Every remote uses act_remote_<family>.
        library: { type: 'global', name: `act_remote_${family}` },
        exposes: { './tools': './src/tools.ts' },
        shared: SHARED_SINGLETONS,
        dts: false,
        manifest: {
          additionalData: ({ stats }) => {
            (stats.metaData as unknown as Record<string, unknown>)[REQUIRED_HOST_SDK_FIELD] = requiredHostSdk;
            return stats;
          },
        },
      }),
    ],
    source: {
      entry: { index: './src/index.ts' },
    },
    output: {
      distPath: { root: 'dist' },
      // Chunks load from wherever remoteEntry.js was loaded from (the manifest's URL), so the same bundle serves
      // from the gateway, its own container or another origin without a rebuild.
      assetPrefix: 'auto',
      cleanDistPath: true,
    },
    // A remote has no page of its own; the shell renders its tools.
    tools: { htmlPlugin: false },
    server: { port: devPort, cors: true },
  });
}
