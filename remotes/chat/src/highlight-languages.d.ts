// highlight.js ships types for its core only; each grammar module default-exports a LanguageFn.
declare module 'highlight.js/lib/languages/*' {
  import type { LanguageFn } from 'highlight.js';
  const language: LanguageFn;
  export default language;
}
