// The compose smoke suite (`npm test`'s docker stage): one file against the system docker-compose.yml starts from the
// built images, with a JSON report for `npm test`'s totals. Not part of the e2e run (it needs a Docker engine).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.compose.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 900_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '../../.data/compose.json' },
  },
});
