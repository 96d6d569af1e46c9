// One vitest run for the whole monorepo: node projects talk to real PostgreSQL and NATS (the global setup starts
// the embedded defaults when DATABASE_URL / NATS_URL are unset); browser-code projects run in happy-dom.
import { defineConfig } from 'vitest/config';

const domWorkspaces = ['packages/host-sdk', 'shell', 'remotes/*'];

export default defineConfig({
  test: {
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['{packages,services,gateway,scripts,k8s,load-tests}/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'packages/host-sdk/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: domWorkspaces.map((root) => `${root}/**/*.test.{ts,tsx}`),
          exclude: ['**/node_modules/**'],
        },
      },
    ],
  },
});
