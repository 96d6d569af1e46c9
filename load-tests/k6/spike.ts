// Spike: arrivals jump from BASE_RATE (default 10/s) to PEAK_RATE (default 300/s) in 30 s, stay a minute, and fall
// back. The product must bend, not break: requests may slow down and the gateway may answer 429 (its rate limit,
// counted as an expected answer here), but errors stay rare and the service recovers once the spike passes.
import { sleep } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { accountOf, accountsForRun, memberJourney } from './api.ts';
import { baseThresholds, numberFromEnv, type Account } from './config.ts';

const base = numberFromEnv('BASE_RATE', 10);
const peak = numberFromEnv('PEAK_RATE', 300);

export const options: Options = {
  scenarios: {
    spike: {
      executor: 'ramping-arrival-rate',
      startRate: base,
      timeUnit: '1s',
      preAllocatedVUs: Math.ceil(peak / 2),
      maxVUs: peak * 2,
      stages: [
        { duration: '1m', target: base },
        { duration: '30s', target: peak },
        { duration: '1m', target: peak },
        { duration: '30s', target: base },
        { duration: '2m', target: base },
      ],
    },
  },
  thresholds: baseThresholds(2000, 0.05),
};

export function setup(): Account[] {
  return accountsForRun();
}

export default function spike(accounts: Account[]): void {
  // A 429 from the gateway's limiter is the designed answer to a flood, not a failure.
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 399 }, 402, 429));
  memberJourney(accountOf(accounts));
  sleep(0.5);
}
