// Average load: the members of a normal busy hour. Ramps to VUS (default 50) over 5 minutes, holds for HOLD
// (default 10m), ramps down; each VU repeats a member visit (reads and a 1-credit tool) with a few seconds of
// thinking between visits.
import { sleep } from 'k6';
import type { Options } from 'k6/options';
import { accountOf, accountsForRun, memberJourney } from './api.ts';
import { baseThresholds, numberFromEnv, type Account } from './config.ts';

const vus = numberFromEnv('VUS', 50);

export const options: Options = {
  scenarios: {
    average: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '5m', target: vus },
        { duration: __ENV.HOLD ?? '10m', target: vus },
        { duration: '2m', target: 0 },
      ],
      gracefulRampDown: '30s',
    },
  },
  thresholds: baseThresholds(800, 0.01),
};

export function setup(): Account[] {
  return accountsForRun();
}

export default function average(accounts: Account[]): void {
  memberJourney(accountOf(accounts));
  sleep(2 + Math.random() * 3);
}
