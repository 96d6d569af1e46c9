// What every scenario reads from the environment (k6 `-e NAME=value` or the TestRun's env):
//   BASE_URL   the gateway, e.g. https://staging.example.com (required)
//   ACCOUNTS   members to sign in as: "email:password,email:password" (one per VU, reused round-robin), or
//   SIGNUP     a number: sign up that many fresh members in setup() (staging only: each starts with 50 credits)
//   CHARGED    "false" keeps a scenario to reads; otherwise it also runs a 1-credit tool (Magic Enhance)
// plus the scenario's own knobs (VUS, DURATION, …) named in its file.
import exec from 'k6/execution';

export interface Account {
  email: string;
  password: string;
}

export function baseUrl(): string {
  const url = (__ENV.BASE_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url))
    exec.test.abort('BASE_URL must be the gateway URL, e.g. -e BASE_URL=http://localhost:8080');
  return url;
}

/** The members named in ACCOUNTS ("email:password" pairs, comma-separated). */
export function accountsFromEnv(): Account[] {
  return (__ENV.ACCOUNTS ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const colon = pair.indexOf(':');
      return { email: pair.slice(0, colon), password: pair.slice(colon + 1) };
    })
    .filter((account) => account.email.includes('@') && account.password.length > 0);
}

export function numberFromEnv(name: string, fallback: number): number {
  const value = Number(__ENV[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function chargedCalls(): boolean {
  return __ENV.CHARGED !== 'false';
}

/**
 * The thresholds every scenario starts from: what a member would call slow or broken. p95 of all requests, and of
 * the reads and the charged tool apart (tagged `kind`), and the share of failed requests.
 */
export function baseThresholds(p95Ms: number, failedRate: number): Record<string, string[]> {
  return {
    http_req_failed: [`rate<${failedRate}`],
    http_req_duration: [`p(95)<${p95Ms}`],
    'http_req_duration{kind:read}': [`p(95)<${p95Ms}`],
    'http_req_duration{kind:charged}': [`p(95)<${p95Ms * 3}`],
    checks: ['rate>0.99'],
  };
}
