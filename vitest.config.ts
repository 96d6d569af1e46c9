// One vitest run for the whole monorepo: node projects talk to real PostgreSQL and NATS (the global setup starts
// the embedded defaults when DATABASE_URL / NATS_URL are unset); browser-code projects run in happy-dom.
import { defineConfig } from 'vitest/config';

// Test files mostly wait on PostgreSQL, NATS, child processes and timers, not on the CPU, so more files run at once
// than there are cores (vitest's default is cores - 1: one worker on a two-core machine). TEST_WORKERS overrides.
const maxWorkers = Number(process.env.TEST_WORKERS) || 3;

const domWorkspaces = ['packages/host-sdk', 'shell', 'remotes/*'];
// Projects do not `extends: true`: that would run the global setup once per project as well as once for the root.
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    globalSetup: ['./vitest.global-setup.ts'],
    maxWorkers,
    ...timeouts,
    projects: [
      {
        test: {
          ...timeouts,
          name: 'node',
          environment: 'node',
          // e2e/replicas.test.ts: replicas of the services behind the gateway; e2e/postgres-kill.test.ts: the
          // database killed under load; e2e/hostile-text.test.ts: every endpoint of the whole system;
          // e2e/traces.test.ts: one call's trace across gateway, service and credits (no browser, so none of them is
          // in the e2e suite).
          include: [
            '{packages,services,gateway,scripts,k8s,load-tests}/**/*.test.ts',
            'e2e/replicas.test.ts',
            'e2e/postgres-kill.test.ts',
            'e2e/hostile-text.test.ts',
            'e2e/traces.test.ts',
          ],
          exclude: ['**/node_modules/**', 'packages/host-sdk/**'],
        },
      },
      {
        test: {
          ...timeouts,
          name: 'dom',
          environment: 'happy-dom',
          setupFiles: ['./packages/host-sdk/src/test-support/dom-setup.ts'],
          include: domWorkspaces.map((root) => `${root}/**/*.test.{ts,tsx}`),
          exclude: ['**/node_modules/**'],
        },
      },
    ],
  },
});
