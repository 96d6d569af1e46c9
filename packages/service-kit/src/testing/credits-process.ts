// Runs the real credits service as a child process for a tool service's tests (services never import each
// other): its own fresh database and NATS namespace on the test servers, the test JWKS for member tokens.
import { natsNames } from '@act/contracts';
import { connectNats } from '../nats';
import { startChildService } from './child-service';
import { createTestDatabase, testNatsUrl, uniqueNamespace } from './test-infra';

export interface CreditsProcess {
  url: string;
  namespace: string;
  /** The credits database (for benchmark set-up that needs a large balance). */
  databaseUrl: string;
  /** GET /api/credits/me → the member's balance. */
  balanceOf(token: string): Promise<number>;
  /** GET /api/credits/tool-usage-history → [tool_name, used_credits] pairs, newest first. */
  historyOf(token: string): Promise<Array<[string, number]>>;
  /** Freezes the process (SIGSTOP) as a stalled credits replica would be, and lets it go on (SIGCONT). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startCreditsProcess(options: { jwksUrl: string }): Promise<CreditsProcess> {
  const database = await createTestDatabase('prompt_credits');
  const namespace = uniqueNamespace('pr');
  const service = await startChildService('services/credits', {
    DATABASE_URL: database.url,
    NATS_URL: testNatsUrl(),
    NATS_NAMESPACE: namespace,
    JWKS_URL: options.jwksUrl,
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });

  const get = async (route: string, token: string) => {
    const response = await fetch(`${service.url}${route}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };

  return {
    url: service.url,
    namespace,
    databaseUrl: database.url,
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
    pause: () => service.signal('SIGSTOP'),
    resume: () => service.signal('SIGCONT'),
    async stop() {
      // A paused process cannot act on SIGTERM.
      service.signal('SIGCONT');
      await service.stop();
      const nc = await connectNats({ url: testNatsUrl(), name: `cleanup-${namespace}` });
      const jsm = await nc.jetstreamManager();
      const names = natsNames(namespace);
      for (const stream of [names.usageStream, names.identityStream])
        await jsm.streams.delete(stream).catch(() => false);
      await nc.close();
      await database.drop();
    },
  };
}
