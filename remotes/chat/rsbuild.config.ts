// Rsbuild config of the chat remote: Module Federation name 'chat', exposing './tools' (the chat tool
// pages). Built on its own into dist/ and served by the gateway under /remotes/chat/.
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

// The shared singletons of the front-end contract: one React, router, host-sdk and contracts per page. The prefixes
// cover subpath imports (react/jsx-runtime, react-dom/client). requiredVersion false: the shell's copy always wins.
const singleton = { singleton: true, requiredVersion: false } as const;
const SHARED_SINGLETONS = {
  react: singleton,
  'react/': singleton,
  'react-dom': singleton,
  'react-dom/': singleton,
  'react-router': singleton,
  '@act/host-sdk': singleton,
  '@act/contracts': singleton,
};

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'chat',
      // Every remote's container global is act_remote_<family>, never the bare family name (a global such as
      // `window.prompt` would be taken for the remote entry).
      library: { type: 'global', name: 'act_remote_chat' },
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
    // Absolute: the shell on any route loads our chunks from where the gateway serves them.
    assetPrefix: '/remotes/chat/',
    cleanDistPath: true,
  },
  // The remote has no page of its own; the shell renders its tools.
  tools: { htmlPlugin: false },
  server: { port: 3102, cors: true },
});
