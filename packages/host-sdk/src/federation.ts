// The build side of the front-end contract, shared by the shell's and every remote's rsbuild.config.ts: the shared
// singletons (one React, router, host-sdk and contracts per page) and the whole Rsbuild config of a remote, so a new
// family's remote is `export default defineRemoteConfig({ family, devPort })` and nothing is copied.
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { ToolFamily } from '@act/contracts';

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
  '@act/contracts': singleton,
};

export interface RemoteConfigOptions {
  family: ToolFamily;
  /** Port of `rsbuild dev` for this remote. */
  devPort: number;
}

/**
 * A remote: Module Federation name `<family>`, exposing './tools' (src/tools.ts, its tool pages), built on its own
 * into dist/ and served under /remotes/<family>/.
 */
export function defineRemoteConfig({ family, devPort }: RemoteConfigOptions): RsbuildConfig {
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
      }),
    ],
    source: {
      entry: { index: './src/index.ts' },
    },
    output: {
      distPath: { root: 'dist' },
      // Absolute: the shell on any route loads the remote's chunks from where the gateway serves them.
      assetPrefix: `/remotes/${family}/`,
      cleanDistPath: true,
    },
    // A remote has no page of its own; the shell renders its tools.
    tools: { htmlPlugin: false },
    server: { port: devPort, cors: true },
  });
}
