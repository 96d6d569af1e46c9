// The credits service's providers, built once at start from its config (startService's providers step): the Paddle
// API client (refunds and subscription changes; checkout itself runs in the browser with Paddle.js).
import type { ProviderContext } from '@act/service-kit';
import type { CreditsConfig } from '../config';
import { createPaddleClient, type PaddleClient } from './paddle';

export interface CreditsProviders {
  paddle: PaddleClient;
}

export function providersOf({ config }: Pick<ProviderContext<CreditsConfig>, 'config'>): CreditsProviders {
  return { paddle: createPaddleClient({ apiUrl: config.PADDLE_API_URL, apiKey: config.PADDLE_API_KEY }) };
}
