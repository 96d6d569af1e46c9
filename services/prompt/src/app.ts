// The prompt service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import { createServiceHttpApp, type ServiceApp, type ToolAppDeps } from '@act/service-kit';
import { createPromptTools } from './domain/prompt-tools';
import type { PromptProvider } from './providers/types';
import { createPromptRouter } from './routes/prompt.routes';

export interface PromptAppDeps extends ToolAppDeps {
  provider: PromptProvider;
}

export function createApp(deps: PromptAppDeps): ServiceApp {
  const { logger, verifier, credits, provider } = deps;
  const tools = createPromptTools({ credits, provider, logger });
  return { app: createServiceHttpApp('prompt', deps, [createPromptRouter({ verifier, tools })]) };
}
