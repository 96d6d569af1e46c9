// Server refusals the browser words in the page's language by their code (docs/product-rules.md#languages). Servers
// answer in English (they never switch); for these codes the client knows enough to say it in the active language.
// English pages keep the server's own, often more precise, text (e.g. how many credits a use needs).
import type { ErrorCode } from '../errors';
import { activeLocale } from './locale';

/** The English words of each mapped code; the catalogues translate them (English pages never read them). */
export const SERVER_ERROR_TEXTS = {
  INSUFFICIENT_CREDITS: 'Insufficient credits. See plans and credit packs to get more.',
  SPEND_CAP_REACHED: 'This would go over your monthly spending cap. Change the cap in your account.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  UNAUTHENTICATED: 'Your session has ended. Please sign in again.',
  NEEDS_SIGNUP: 'Sign up free to keep using this tool.',
  PAYLOAD_TOO_LARGE: 'The file is too large.',
  PROVIDER_FAILED:
    'The AI provider could not complete this request. No credits were charged. Please try again.',
  PROVIDER_UNAVAILABLE: 'The AI provider is not available right now. Please try again later.',
  SERVICE_UNAVAILABLE: 'The service is not available right now. Please try again in a moment.',
  INTERNAL: 'Something went wrong. Please try again.',
} satisfies Partial<Record<ErrorCode, string>>;

/** The text to show for a server refusal: the server's own on an English page, else the code's translation. */
export function serverErrorText(code: ErrorCode, serverText: string): string {
  if (activeLocale() === 'en') return serverText;
  return (SERVER_ERROR_TEXTS as Partial<Record<ErrorCode, string>>)[code] ?? serverText;
}
