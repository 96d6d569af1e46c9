// The e2e suite: its own vitest config (the root one runs unit and integration tests). One system for all files,
// files run one after another (one Chromium, shared services), with a JSON report for `npm test`'s totals.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./support/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '../.data/e2e.json' },
  },
});
