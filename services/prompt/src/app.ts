// The prompt service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import { BODY_LIMITS } from '@act/contracts';
import {
  createHttpApp,
  type CreditsClient,
  type HttpApp,
  type JwtVerifier,
  type Logger,
  type ReadinessChecks,
} from '@act/service-kit';
import { createPromptTools } from './domain/prompt-tools';
import type { PromptProvider } from './providers/types';
import { createPromptRouter } from './routes/prompt.routes';

export interface PromptAppDeps {
  logger: Logger;
  verifier: JwtVerifier;
  credits: CreditsClient;
  provider: PromptProvider;
  readiness?: ReadinessChecks;
}

const MiB = 1024 * 1024;

export function createApp({ logger, verifier, credits, provider, readiness }: PromptAppDeps): HttpApp {
  // Images travel as base64 inside JSON: a 10 MB file is ~13.4 MiB of body, so the limit is the contracts' image class.
  const app = createHttpApp({ name: 'prompt', logger, readiness, bodyLimit: `${BODY_LIMITS.image / MiB}mb` });
  const router = createPromptRouter({ verifier, tools: createPromptTools({ credits, provider, logger }) });
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}
