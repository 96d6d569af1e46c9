// Soak: a steady VUS (default 20) for DURATION (default 2h): leaks, growing queues, expiring tokens (each VU signs in
// again every 10 minutes), connection pools and the monthly-reset and sweeper jobs show up here, not in a spike.
import { sleep } from 'k6';
import type { Options } from 'k6/options';
import { accountOf, accountsForRun, memberJourney } from './api.ts';
import { baseThresholds, numberFromEnv, type Account } from './config.ts';

export const options: Options = {
  scenarios: {
    soak: {
      executor: 'constant-vus',
      vus: numberFromEnv('VUS', 20),
      duration: __ENV.DURATION ?? '2h',
    },
  },
  thresholds: baseThresholds(800, 0.01),
};

export function setup(): Account[] {
  return accountsForRun();
}

export default function soak(accounts: Account[]): void {
  memberJourney(accountOf(accounts));
  sleep(5 + Math.random() * 5);
}
