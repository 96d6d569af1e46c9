// The API paths the k6 scenarios call. k6 runs these files on its own JavaScript runtime, which cannot load the
// contracts package, so the paths are written out here once; load-tests/k6-paths.test.ts checks each against the
// endpoint definitions in @act/contracts, so a renamed route fails `npm test` instead of a load test in a cluster.
export const PATHS = {
  health: '/api/health',
  plans: '/api/credits/plans',
  token: '/api/identity/token',
  signup: '/api/identity/signup',
  user: '/api/identity/user',
  me: '/api/credits/me',
  history: '/api/credits/tool-usage-history',
  chatSessions: '/api/chat/sessions',
  chatSend: '/api/chat/send-message',
  gallery: '/api/image/text-to-image/images',
  magicEnhance: '/api/prompt/generate-text-prompt',
} as const;

/** The method each path is called with (the check looks the pair up). */
export const METHODS: Readonly<Record<keyof typeof PATHS, 'GET' | 'POST'>> = {
  health: 'GET',
  plans: 'GET',
  token: 'POST',
  signup: 'POST',
  user: 'GET',
  me: 'GET',
  history: 'GET',
  chatSessions: 'GET',
  chatSend: 'POST',
  gallery: 'GET',
  magicEnhance: 'POST',
};
