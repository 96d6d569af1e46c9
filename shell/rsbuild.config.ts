// Rsbuild config of the shell (Module Federation host). Remotes are not listed here: the shell registers them at run
// time from /remotes.json, which the gateway answers from each environment's configuration (never from this build),
// so one shell build serves every environment, each family is redeployed alone and a dead one cannot break start-up.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { SHARED_SINGLETONS } from './src/federation/shared';
import { buildPublicDataByLocale } from './src/app/build-public-data';
import { OFFLINE_PAGE_TEMPLATE, renderOfflinePage } from './src/offline/offline-page';

/** Writes offline.html, in every language, beside the public files (docs/architecture.md#service-worker). */
const offlinePage: RsbuildPlugin = {
  name: 'act:offline-page',
  setup(api) {
    api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
      const template = readFileSync(path.join(api.context.rootPath, OFFLINE_PAGE_TEMPLATE), 'utf8');
      compilation.emitAsset('offline.html', new sources.RawSource(renderOfflinePage(template)));
    });
  },
};

export default defineConfig({
  plugins: [
    pluginReact(),
    offlinePage,
    pluginModuleFederation({
      name: 'shell',
      remotes: {},
      // A remote's newer copy of a shared module must not be fetched before the shell's own has loaded.
      shareStrategy: 'loaded-first',
      shared: SHARED_SINGLETONS,
      // The manifest and type hints are only useful for remotes; the host needs neither.
      manifest: false,
      dts: false,
    }),
  ],
  source: {
    entry: { index: './src/index.ts' },
    // The landing page's texts, tools and plans as a literal, in every language: its first paint needs no contracts
    // download.
    define: { __ACT_PUBLIC_DATA__: JSON.stringify(buildPublicDataByLocale()) },
  },
  html: {
    template: './src/index.html',
  },
  output: {
    distPath: { root: 'dist' },
    assetPrefix: '/',
    cleanDistPath: true,
  },
  performance: {
    chunkSplit: { strategy: 'split-by-experience' },
  },
  server: { port: 3000, historyApiFallback: true },
});
