// Runs the real credits service as a child process for a tool service's tests (services never import each
// other): its own fresh database and NATS namespace on the test servers, the test JWKS for member tokens. One such
// process serves the whole vitest run (run-services.ts); `startCreditsProcess` gives a file its own when it must.
import { natsNames } from '@act/contracts/server';
import { connectNats, jetstreamManager, type NatsConnection } from '../nats';
import { launchChildService } from './child-service';
import { createTestDatabase, testNatsUrl, uniqueNamespace } from './test-infra';

/** Where a running credits process is: plain data, so vitest's global set-up can hand it to every test file. */
export interface CreditsAddress {
  url: string;
  opsUrl: string;
  namespace: string;
  /** The credits database (for set-up that needs a large balance, and for the run's money checks). */
  databaseUrl: string;
}

export interface CreditsProcess extends CreditsAddress {
  /** GET /api/credits/me → the member's balance. */
  balanceOf(token: string): Promise<number>;
  /** GET /api/credits/tool-usage-history → [tool_name, used_credits] pairs, newest first. */
  historyOf(token: string): Promise<Array<[string, number]>>;
  /**
   * Resolves once credits has applied every usage event published so far (its consumers have nothing pending or
   * unacknowledged): woken by credits' own acknowledgements, so a refund is visible right after it.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface LaunchedCredits {
  address: CreditsAddress;
  /** Resolves once credits answers /readyz. */
  ready: Promise<void>;
  output(): string;
  signal(name: NodeJS.Signals): void;
  /** Stops the process, deletes its streams and drops its database. */
  stop(): Promise<void>;
}

const SETTLE_TIMEOUT_MS = 10_000;
/** Re-reads the consumer state this long after the last wake-up, in case the server counted an ack after sending it. */
const RECHECK_MS = 250;

/** Starts credits without waiting for it to listen (its address is known at once). */
export async function launchCreditsProcess(options: { jwksUrl: string }): Promise<LaunchedCredits> {
  const database = await createTestDatabase('tool_credits');
  const namespace = uniqueNamespace('cr');
  const service = await launchChildService('services/credits', {
    DATABASE_URL: database.url,
    NATS_URL: testNatsUrl(),
    NATS_NAMESPACE: namespace,
    JWKS_URL: options.jwksUrl,
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    address: { url: service.url, opsUrl: service.opsUrl, namespace, databaseUrl: database.url },
    ready: service.ready,
    output: service.output,
    signal: service.signal,
    async stop() {
      // A paused process cannot act on SIGTERM.
      service.signal('SIGCONT');
      await service.stop();
      const nc = await connectNats({ url: testNatsUrl(), name: `cleanup-${namespace}` });
      const jsm = await jetstreamManager(nc);
      const names = natsNames(namespace);
      for (const stream of [names.usageStream, names.identityStream])
        await jsm.streams.delete(stream).catch(() => false);
      await nc.close();
      await database.drop();
    },
  };
}

/** The reads and waits a test needs from a credits process that is already running. */
export function creditsProcessAt(address: CreditsAddress, stop: () => Promise<void>): CreditsProcess {
  const names = natsNames(address.namespace);
  let nc: Promise<NatsConnection> | undefined;

  const get = async (route: string, token: string) => {
    const response = await fetch(`${address.url}${route}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };

  return {
    ...address,
    async balanceOf(token) {
      const body = (await get('/api/credits/me', token)) as { me: { credits: number } };
      return body.me.credits;
    },
    async historyOf(token) {
      const body = (await get('/api/credits/tool-usage-history', token)) as {
        history: Array<{ tool_name: string; used_credits: number }>;
      };
      return body.history.map((entry) => [entry.tool_name, entry.used_credits]);
    },
    async settled() {
      nc ??= connectNats({ url: testNatsUrl(), name: `settle-${address.namespace}` });
      const connection = await nc;
      const jsm = await jetstreamManager(connection);
      // Subscribed before the first read, so no acknowledgement between the read and the wait is missed.
      const acks = connection.subscribe(`$JS.ACK.${names.usageStream}.>`);
      const iterator = acks[Symbol.asyncIterator]();
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      try {
        for (;;) {
          // Every durable consumer credits keeps on the usage stream (one per outcome).
          const consumers = await jsm.consumers.list(names.usageStream).next();
          const pending = consumers.reduce((sum, info) => sum + info.num_pending, 0);
          const unacknowledged = consumers.reduce((sum, info) => sum + info.num_ack_pending, 0);
          if (consumers.length > 0 && pending === 0 && unacknowledged === 0) return;
          const left = deadline - Date.now();
          if (left <= 0) {
            throw new Error(
              `credits still had ${pending} pending and ${unacknowledged} unacknowledged usage events after ${SETTLE_TIMEOUT_MS} ms`,
            );
          }
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            iterator.next(),
            new Promise((resolve) => (timer = setTimeout(resolve, Math.min(RECHECK_MS, left)))),
          ]);
          clearTimeout(timer);
        }
      } finally {
        acks.unsubscribe();
      }
    },
    async stop() {
      if (nc) await (await nc).close();
      nc = undefined;
      await stop();
    },
  };
}

/** A credits process a file has to itself, so it may also freeze it. */
export interface OwnCreditsProcess extends CreditsProcess {
  /** Freezes the process (SIGSTOP) as a stalled credits replica would be, and lets it go on (SIGCONT). */
  pause(): void;
  resume(): void;
}

/** A credits process of the file's own, ready when this resolves. */
export async function startCreditsProcess(options: { jwksUrl: string }): Promise<OwnCreditsProcess> {
  const launched = await launchCreditsProcess(options);
  await launched.ready.catch(async (error: unknown) => {
    await launched.stop();
    throw error;
  });
  return {
    ...creditsProcessAt(launched.address, launched.stop),
    pause: () => launched.signal('SIGSTOP'),
    resume: () => launched.signal('SIGCONT'),
  };
}
