// The public pages' data. The production build replaces `__ACT_PUBLIC_DATA__` with the JSON that
// build-public-data.ts computes from contracts in every language (rsbuild source.define), so the landing page's code
// has no runtime import of contracts at all; tests set the same value as a global (test-support/public-data-global.ts).
// The page's language is the one lang-boot.js wrote into <html lang> (docs/architecture.md#languages).
import type { Locale } from '@act/contracts';
import type { PublicData } from './build-public-data';

declare global {
  var __ACT_PUBLIC_DATA__: Record<Locale, PublicData>;
}

const pageLanguage = globalThis.document?.documentElement.lang as Locale | undefined;

export const PUBLIC_DATA: PublicData = __ACT_PUBLIC_DATA__[pageLanguage ?? 'en'] ?? __ACT_PUBLIC_DATA__.en;
