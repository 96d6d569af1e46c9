// The prompt service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import {
  createHttpApp,
  type CreditsClient,
  type JwtVerifier,
  type Logger,
  type ReadinessChecks,
  type ServiceApp,
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

export function createApp({ logger, verifier, credits, provider, readiness }: PromptAppDeps): ServiceApp {
  // Each endpoint parses its own body, with the limit its contracts definition gives (mountEndpoint).
  const app = createHttpApp({ name: 'prompt', logger, readiness, bodyLimit: false });
  const router = createPromptRouter({ verifier, tools: createPromptTools({ credits, provider, logger }) });
  app.use(router.routes()).use(router.allowedMethods());
  return { app };
}
