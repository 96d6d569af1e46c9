// HTTP paths of every endpoint (spec §7 names under each service's prefix), the gateway's routing table,
// which routes pass without a token, and the body size limit of each route class.

export const API_ROUTES = {
  identity: {
    signup: '/api/identity/signup',
    /** POST, grant_type password or refresh_token. */
    token: '/api/identity/token',
    logout: '/api/identity/logout',
    /** GET and PUT the current user. */
    user: '/api/identity/user',
    recover: '/api/identity/recover',
    verify: '/api/identity/verify',
    /** GET: starts Google sign-in (redirect). */
    authorize: '/api/identity/authorize',
    /** GET: Google redirects back here. */
    callback: '/api/identity/callback',
    jwks: '/api/identity/.well-known/jwks.json',
    /** GET: which sign-in providers are configured. */
    settings: '/api/identity/settings',
  },
  credits: {
    me: '/api/credits/me',
    history: '/api/credits/tool-usage-history',
    plans: '/api/credits/plans',
  },
  billing: {
    config: '/api/billing/config',
    webhook: '/api/billing/webhook',
    cancel: '/api/billing/cancel',
    /** POST: moves the member's existing subscription to another plan. */
    changePlan: '/api/billing/change-plan',
    /** POST: the signed custom data a member's Paddle checkout carries. */
    checkout: '/api/billing/checkout',
  },
  prompt: {
    generateImagePrompt: '/api/prompt/generate-image-prompt',
    generateTextPrompt: '/api/prompt/generate-text-prompt',
    generateAiDescription: '/api/prompt/generate-ai-description',
    generateVideoPrompt: '/api/prompt/generate-video-prompt',
  },
  chat: {
    // The spec's playground function is `chat/...`; under the /api/chat prefix it needs no second `chat`.
    playground: {
      sendMessage: '/api/chat/send-message',
      sessions: '/api/chat/sessions',
      session: '/api/chat/sessions/:id',
      messages: '/api/chat/messages',
    },
    agent: {
      sendMessage: '/api/chat/chat-agent/send-message',
      sessions: '/api/chat/chat-agent/sessions',
      session: '/api/chat/chat-agent/sessions/:id',
      messages: '/api/chat/chat-agent/messages',
    },
    reasoning: {
      sendMessage: '/api/chat/chat-reasoning/send-message',
      sessions: '/api/chat/chat-reasoning/sessions',
      session: '/api/chat/chat-reasoning/sessions/:id',
      messages: '/api/chat/chat-reasoning/messages',
    },
    web: {
      /** POST: prompt 'INITIAL_SETUP' with url starts a chat; sessionId with prompt continues it. */
      sendMessage: '/api/chat/ai-web-chat',
      sessions: '/api/chat/ai-web-chat-sessions',
      session: '/api/chat/ai-web-chat-sessions/:id',
      messages: '/api/chat/ai-web-chat-messages',
    },
  },
  image: {
    generateImage: '/api/image/text-to-image/generate-image',
    /** GET: the member's text-to-image gallery. */
    images: '/api/image/text-to-image/images',
    /** GET: latest hub images (tool type image-to-image), paged by 8. */
    generatedImages: '/api/image/generated-images',
    ageProgression: '/api/image/age-progression',
    babyVersion: '/api/image/baby-version',
    backgroundChange: '/api/image/background-change',
    cartoonify: '/api/image/cartoonify',
    broccoliHaircut: '/api/image/broccoli-haircut',
    colorCorrection: '/api/image/color-correction',
    expressionChange: '/api/image/expression-change',
  },
  voice: {
    textToSpeech: '/api/voice/text-to-speech',
    voices: '/api/voice/voices',
    soundEffects: '/api/voice/sound-effects',
    voiceIsolator: '/api/voice/voice-isolator',
  },
  youtube: {
    summarize: '/api/youtube/summarize-youtube',
    thumbnails: '/api/youtube/youtube-thumbnail-downloader/get-youtube-thumbnails',
  },
} as const;

/** Fills `:name` placeholders: fillRoute(API_ROUTES.chat.agent.session, { id }) → '/api/chat/chat-agent/sessions/<id>'. */
export function fillRoute(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

export const SERVICE_NAMES = ['identity', 'credits', 'prompt', 'chat', 'image', 'voice', 'youtube'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface GatewayService {
  service: ServiceName;
  /** Path prefixes routed to this service (full path kept). */
  prefixes: readonly string[];
  /** Gateway env var holding the service's base URL; unset means the service is absent. */
  urlEnv: string;
  defaultPort: number;
  /**
   * Gateway env var holding the base URL of the service's ops listener (its OPS_PORT: /readyz, /metrics), which
   * the gateway's /api/health checks; required whenever `urlEnv` is set.
   */
  opsUrlEnv: string;
  /** OPS_PORT used by `npm start`, docker-compose and k8s alike: the service port + 1000. */
  defaultOpsPort: number;
}

export const GATEWAY_SERVICES: readonly GatewayService[] = [
  {
    service: 'identity',
    prefixes: ['/api/identity'],
    urlEnv: 'IDENTITY_URL',
    defaultPort: 8101,
    opsUrlEnv: 'IDENTITY_OPS_URL',
    defaultOpsPort: 9101,
  },
  {
    service: 'credits',
    prefixes: ['/api/credits', '/api/billing'],
    urlEnv: 'CREDITS_URL',
    defaultPort: 8102,
    opsUrlEnv: 'CREDITS_OPS_URL',
    defaultOpsPort: 9102,
  },
  {
    service: 'prompt',
    prefixes: ['/api/prompt'],
    urlEnv: 'PROMPT_URL',
    defaultPort: 8103,
    opsUrlEnv: 'PROMPT_OPS_URL',
    defaultOpsPort: 9103,
  },
  {
    service: 'chat',
    prefixes: ['/api/chat'],
    urlEnv: 'CHAT_URL',
    defaultPort: 8104,
    opsUrlEnv: 'CHAT_OPS_URL',
    defaultOpsPort: 9104,
  },
  {
    service: 'image',
    prefixes: ['/api/image'],
    urlEnv: 'IMAGE_URL',
    defaultPort: 8105,
    opsUrlEnv: 'IMAGE_OPS_URL',
    defaultOpsPort: 9105,
  },
  {
    service: 'voice',
    prefixes: ['/api/voice'],
    urlEnv: 'VOICE_URL',
    defaultPort: 8106,
    opsUrlEnv: 'VOICE_OPS_URL',
    defaultOpsPort: 9106,
  },
  {
    service: 'youtube',
    prefixes: ['/api/youtube'],
    urlEnv: 'YOUTUBE_URL',
    defaultPort: 8107,
    opsUrlEnv: 'YOUTUBE_OPS_URL',
    defaultOpsPort: 9107,
  },
];

/** The service owning a path, by prefix (a prefix matches itself or itself followed by '/'). */
export function serviceForPath(path: string): GatewayService | undefined {
  return GATEWAY_SERVICES.find((s) => s.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRef {
  method: HttpMethod;
  /** Exact path or a pattern with `:name` segments. */
  path: string;
}

/** Routes that need no token at all. */
export const PUBLIC_ROUTES: readonly RouteRef[] = [
  { method: 'POST', path: API_ROUTES.identity.signup },
  { method: 'POST', path: API_ROUTES.identity.token },
  // Logout works from the refresh cookie alone, so it must pass even when the access token has expired.
  { method: 'POST', path: API_ROUTES.identity.logout },
  { method: 'POST', path: API_ROUTES.identity.recover },
  { method: 'POST', path: API_ROUTES.identity.verify },
  { method: 'GET', path: API_ROUTES.identity.authorize },
  { method: 'GET', path: API_ROUTES.identity.callback },
  { method: 'GET', path: API_ROUTES.identity.jwks },
  { method: 'GET', path: API_ROUTES.identity.settings },
  { method: 'GET', path: API_ROUTES.credits.plans },
  { method: 'GET', path: API_ROUTES.billing.config },
  // The payment provider calls the webhook; credits verifies its signature instead of a token.
  { method: 'POST', path: API_ROUTES.billing.webhook },
];

/**
 * Routes a guest may call without a token (one free use per tool per IP per 24 h, enforced by credits).
 * A token, when present, is still verified and wins. The voice list is included so a guest's text-to-speech
 * screen can offer voices.
 */
export const GUEST_ROUTES: readonly RouteRef[] = [
  { method: 'POST', path: API_ROUTES.prompt.generateImagePrompt },
  { method: 'POST', path: API_ROUTES.prompt.generateTextPrompt },
  { method: 'POST', path: API_ROUTES.prompt.generateAiDescription },
  { method: 'POST', path: API_ROUTES.prompt.generateVideoPrompt },
  { method: 'POST', path: API_ROUTES.chat.playground.sendMessage },
  { method: 'POST', path: API_ROUTES.chat.agent.sendMessage },
  { method: 'POST', path: API_ROUTES.chat.reasoning.sendMessage },
  { method: 'POST', path: API_ROUTES.chat.web.sendMessage },
  { method: 'POST', path: API_ROUTES.image.generateImage },
  { method: 'POST', path: API_ROUTES.image.ageProgression },
  { method: 'POST', path: API_ROUTES.image.babyVersion },
  { method: 'POST', path: API_ROUTES.image.backgroundChange },
  { method: 'POST', path: API_ROUTES.image.cartoonify },
  { method: 'POST', path: API_ROUTES.image.broccoliHaircut },
  { method: 'POST', path: API_ROUTES.image.colorCorrection },
  { method: 'POST', path: API_ROUTES.image.expressionChange },
  { method: 'POST', path: API_ROUTES.voice.textToSpeech },
  { method: 'GET', path: API_ROUTES.voice.voices },
  { method: 'POST', path: API_ROUTES.voice.soundEffects },
  { method: 'POST', path: API_ROUTES.voice.voiceIsolator },
  { method: 'POST', path: API_ROUTES.youtube.summarize },
  { method: 'POST', path: API_ROUTES.youtube.thumbnails },
];

/** True when method and path (query string ignored) match the route, `:name` matching one path segment. */
export function routeMatches(route: RouteRef, method: string, path: string): boolean {
  if (route.method !== method.toUpperCase()) return false;
  const bare = path.split('?', 1)[0] ?? '';
  const want = route.path.split('/');
  const got = bare.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (got[i] ?? '') !== '' : segment === got[i]));
}

export function findRoute(routes: readonly RouteRef[], method: string, path: string): RouteRef | undefined {
  return routes.find((r) => routeMatches(r, method, path));
}

const MiB = 1024 * 1024;

/**
 * Request body limits by route class, in bytes. Uploads travel as base64 data URLs inside JSON (4/3 of the file):
 * a 10 MB image needs ~13.4 MiB, a 5 MB audio file ~6.7 MiB, a chat message with a 10 MB image and a 10 MB PDF ~26.7 MiB.
 */
export const BODY_LIMITS = {
  json: 64 * 1024,
  /** Ours: the playground sends the conversation history of four models. */
  chatHistory: 2 * MiB,
  image: 14 * MiB,
  audio: 7 * MiB,
  chatAttachments: 28 * MiB,
  /** The payment provider's webhook: a JSON event, kept raw for signature checks. */
  webhook: 256 * 1024,
} as const;
export type BodyLimitClass = keyof typeof BODY_LIMITS;

const BODY_LIMIT_ROUTES: ReadonlyArray<readonly [string, BodyLimitClass]> = [
  [API_ROUTES.prompt.generateImagePrompt, 'image'],
  [API_ROUTES.prompt.generateAiDescription, 'image'],
  [API_ROUTES.prompt.generateVideoPrompt, 'image'],
  [API_ROUTES.image.ageProgression, 'image'],
  [API_ROUTES.image.babyVersion, 'image'],
  [API_ROUTES.image.backgroundChange, 'image'],
  [API_ROUTES.image.cartoonify, 'image'],
  [API_ROUTES.image.broccoliHaircut, 'image'],
  [API_ROUTES.image.colorCorrection, 'image'],
  [API_ROUTES.image.expressionChange, 'image'],
  [API_ROUTES.voice.voiceIsolator, 'audio'],
  [API_ROUTES.chat.agent.sendMessage, 'chatAttachments'],
  [API_ROUTES.chat.reasoning.sendMessage, 'chatAttachments'],
  [API_ROUTES.chat.playground.sendMessage, 'chatHistory'],
  [API_ROUTES.billing.webhook, 'webhook'],
];

/** Body limit class of a path (query string ignored); everything not listed is plain JSON. */
export function bodyLimitClassFor(path: string): BodyLimitClass {
  const bare = path.split('?', 1)[0] ?? '';
  return BODY_LIMIT_ROUTES.find(([p]) => p === bare)?.[1] ?? 'json';
}

export function bodyLimitFor(path: string): number {
  return BODY_LIMITS[bodyLimitClassFor(path)];
}
