// The sections of `npm run bench` that start their own services on the bench's PostgreSQL and NATS
// (docs/performance.md#what-it-measures): traces' cost per charged call, and credits' reserve+commit cycle against
// one raw UPDATE and its floor.
import type { ResolvedInfra } from '@act/dev-infra';
import { ratio } from './bench-kit';
import type { Section } from './bench-run';
import { benchCredits } from './credits-bench';
import { benchTracing } from './tracing-bench';

/**
 * Traces' cost per charged call (tracing-bench.ts): CPU ms of the gateway, prompt and credits per call with traces
 * off, on (every call) and sampled at 10 %, and the ratios to off from the same run.
 */
export async function benchTracingSection(infra: ResolvedInfra): Promise<Section> {
  const { cpuMsPerCall, spansPerCall, failed } = await benchTracing({
    databaseUrl: infra.databaseUrl!,
    natsUrl: infra.natsUrl!,
  });
  const off = cpuMsPerCall.off;
  const sampledRatio = ratio(cpuMsPerCall['sampled 10 %'], off);
  return {
    name: 'traces',
    runs: [],
    figures: {
      'cpu ms/call, off': off,
      'cpu ms/call, on (100 %)': cpuMsPerCall['on (100 %)'],
      'cpu ms/call, sampled 10 %': cpuMsPerCall['sampled 10 %'],
      'on/off': ratio(cpuMsPerCall['on (100 %)'], off),
      'sampled 10 %/off': sampledRatio,
      'spans/call, on': spansPerCall['on (100 %)'],
      'spans/call, sampled 10 %': spansPerCall['sampled 10 %'],
      'failed calls': failed,
    },
    targets: [
      { what: 'traced calls answered (failed calls)', value: failed, target: '0', met: failed === 0 },
    ],
  };
}

export async function benchCreditsSection(infra: ResolvedInfra): Promise<Section> {
  const result = await benchCredits({ databaseUrl: infra.databaseUrl, natsUrl: infra.natsUrl });
  return {
    name: 'credits',
    runs: [],
    figures: { ...result },
    targets: [
      {
        what: 'reserve+commit / raw UPDATE',
        value: result.ratio,
        // A miss says what the cycle's raw I/O reaches (credits-floor.ts): whether the target fits this design.
        target:
          result.ratio >= 0.35
            ? '>= 0.35'
            : `>= 0.35; the floor (raw request/reply + JetStream round trip, same SQL) reaches ${result.floorRatio}, ` +
              `the cycle is ${result.cycleOverFloor} of it`,
        met: result.ratio >= 0.35,
      },
      {
        what: 'reserve+commit cycles/s',
        value: result.cyclesPerSecond,
        target: '>= 1500',
        met: result.cyclesPerSecond >= 1500,
      },
    ],
  };
}
