// The OpenAI-compatible endpoint every text and vision provider talks to (OpenRouter by default, any compatible
// host by OPENAI_BASE_URL): its settings, read the same way by every service, one way to build its client, and one
// way to turn its failures into the provider layer's ProviderError.
import OpenAI, { APIError } from 'openai';
import { z } from 'zod';
import { configUrl } from './config';
import { createNodeHttpFetch } from './node-http-fetch';
import { ProviderError, isTimeoutError, providerStatusOf } from './providers/provider-error';

const optionalText = z.string().min(1).optional();

/** The provider settings a service adds to its config schema. */
export const openAiConfigFields = {
  OPENAI_API_KEY: optionalText,
  /** Accepted as an alias, since the default endpoint is OpenRouter. */
  OPENROUTER_API_KEY: optionalText,
  OPENAI_BASE_URL: configUrl(['http', 'https']).default('https://openrouter.ai/api/v1'),
  /** Sent to OpenRouter as HTTP-Referer (app attribution); optional. */
  PUBLIC_APP_URL: configUrl(['http', 'https']).optional(),
};

export interface OpenAiSettings {
  OPENAI_API_KEY?: string;
  OPENROUTER_API_KEY?: string;
}

/** The key to use, or undefined when none is configured (the service then says so and charges nothing). */
export function openAiKeyOf(config: OpenAiSettings): string | undefined {
  return config.OPENAI_API_KEY ?? config.OPENROUTER_API_KEY;
}

export interface OpenAiClientOptions {
  apiKey: string;
  baseUrl: string;
  /** Longest wait for one request (a whole stream included). */
  timeoutMs: number;
  /** OpenRouter attribution (ignored by other endpoints). */
  appUrl?: string;
  appTitle?: string;
}

/**
 * A client with the SDK's retries off (paid calls are retried, if at all, by the caller, who knows whether it is
 * safe) on keep-alive connections shared by every request of the process (node-http-fetch: far less memory per open
 * stream than the built-in fetch).
 */
export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    fetch: createNodeHttpFetch(),
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0,
    defaultHeaders: {
      ...(options.appUrl ? { 'HTTP-Referer': options.appUrl } : {}),
      'X-Title': options.appTitle ?? 'AI Creative Toolbox',
    },
  });
}

/**
 * What a failed call to the endpoint (after the retry rule had its turn) is for the provider layer: a timeout, or an
 * upstream failure with the HTTP status the provider answered. `operation` names the call as in the provider metrics
 * (chat-stream, summary-stream…). A ProviderError the adapter threw itself is kept.
 */
export function openAiFailure(error: unknown, operation: string): ProviderError {
  if (error instanceof ProviderError) return error;
  if (isTimeoutError(error)) {
    return new ProviderError(`The ${operation} call timed out`, 'timeout', {
      provider: 'openai',
      operation,
      cause: error,
    });
  }
  const status = providerStatusOf(error);
  const detail = error instanceof APIError ? ` (HTTP ${error.status ?? 'connection error'})` : '';
  return new ProviderError(`The ${operation} call failed${detail}`, 'upstream', {
    provider: 'openai',
    operation,
    ...(status !== undefined ? { status } : {}),
    cause: error,
  });
}
