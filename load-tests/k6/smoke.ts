// Smoke: one member for a minute (SMOKE_DURATION). Proves the deployment answers every path a member uses, with
// tight thresholds: any failure fails the run. Run it after each rollout before heavier scenarios.
//   k6 run -e BASE_URL=https://staging.example.com -e ACCOUNTS=a@example.com:secret load-tests/k6/smoke.ts
import { check, sleep } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { accountOf, accountsForRun, memberJourney } from './api.ts';
import { baseThresholds, baseUrl } from './config.ts';
import { PATHS } from './paths.ts';
import type { Account } from './config.ts';

export const options: Options = {
  vus: 1,
  duration: __ENV.SMOKE_DURATION ?? '1m',
  thresholds: { ...baseThresholds(500, 0.01), checks: ['rate==1'] },
};

export function setup(): Account[] {
  const health = http.get(`${baseUrl()}${PATHS.health}`, { tags: { name: 'health', kind: 'read' } });
  check(health, { 'every service ready': (r) => r.status === 200 });
  return accountsForRun();
}

export default function smoke(accounts: Account[]): void {
  memberJourney(accountOf(accounts));
  sleep(1);
}
