// The endpoint table: every path owned by one service, spec names, access from the catalogue (guests only where a
// tool allows them), body limits per endpoint, the raw body kept only for the webhook.
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, fillRoute, routeMatches } from './endpoint';
import { LIMITS } from './limits';
import { API_ROUTES, ENDPOINTS, findEndpoint } from './routes';
import { GATEWAY_SERVICES, serviceForPath } from './services';
import { TOOLS } from './tools';

function allPaths(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  return Object.values(node as Record<string, unknown>).flatMap(allPaths);
}

describe('routes', () => {
  it('routes every path to exactly one service by prefix', () => {
    for (const path of allPaths(API_ROUTES)) expect(serviceForPath(path), path).toBeDefined();
    expect(serviceForPath(API_ROUTES.billing.webhook)?.service).toBe('credits');
    expect(serviceForPath(API_ROUTES.chat.web.sessions)?.service).toBe('chat');
    expect(serviceForPath('/api/identityx/token')).toBeUndefined();
    expect(GATEWAY_SERVICES.map((s) => s.defaultPort)).toEqual([
      8101, 8102, 8103, 8104, 8105, 8106, 8107, 8108,
    ]);
  });

  it('uses the spec endpoint names', () => {
    expect(API_ROUTES.identity.jwks).toBe('/api/identity/.well-known/jwks.json');
    expect(API_ROUTES.credits.history).toBe('/api/credits/tool-usage-history');
    expect(API_ROUTES.prompt.generateImagePrompt).toBe('/api/prompt/generate-image-prompt');
    expect(API_ROUTES.youtube.thumbnails).toBe(
      '/api/youtube/youtube-thumbnail-downloader/get-youtube-thumbnails',
    );
    expect(new Set(allPaths(API_ROUTES)).size).toBe(allPaths(API_ROUTES).length);
  });

  it('fills and matches parameterised paths', () => {
    const id = '4c2a9e7b-1f3d-4a6c-8b5e-9d0f1a2b3c4d';
    expect(fillRoute(API_ROUTES.chat.agent.session, { id })).toBe(`/api/chat/chat-agent/sessions/${id}`);
    expect(() => fillRoute(API_ROUTES.chat.agent.session, {})).toThrow(/id/);
    const route = { method: 'DELETE', path: API_ROUTES.chat.agent.session } as const;
    expect(routeMatches(route, 'delete', `/api/chat/chat-agent/sessions/${id}`)).toBe(true);
    expect(routeMatches(route, 'DELETE', '/api/chat/chat-agent/sessions/')).toBe(false);
    expect(routeMatches(route, 'GET', `/api/chat/chat-agent/sessions/${id}`)).toBe(false);
  });

  it('lets public routes through and keeps member routes closed', () => {
    const access = (method: string, path: string) => findEndpoint(method, path)?.access;
    expect(access('POST', '/api/identity/signup')).toBe('public');
    expect(access('GET', '/api/credits/plans?x=1')).toBe('public');
    expect(access('POST', '/api/billing/webhook')).toBe('public');
    expect(access('GET', '/api/credits/me')).toBe('member');
    expect(access('POST', '/api/billing/cancel')).toBe('member');
    expect(access('POST', API_ROUTES.billing.changePlan)).toBe('member');
    expect(access('GET', '/api/chat/sessions')).toBe('member');
    expect(access('POST', '/api/identity/nothing-here')).toBeUndefined();
  });

  it('opens to guests exactly the endpoints of the tools the catalogue opens to guests', () => {
    const guestTools = TOOLS.filter((tool) => tool.guest).map((tool) => tool.id);
    expect(guestTools).toEqual([
      'image-to-prompt',
      'magic-enhance',
      'ai-describe-image',
      'image-to-video-prompt',
      'youtube-thumbnail-downloader',
    ]);
    const guestEndpoints = ENDPOINTS.filter((e) => e.access === 'guest');
    expect(guestEndpoints.map((e) => e.tool).sort()).toEqual([...guestTools].sort());
    // Chat, images, effects, voice and the summarizer cost real provider calls: members only.
    for (const path of [
      API_ROUTES.chat.playground.sendMessage,
      API_ROUTES.image.generateImage,
      API_ROUTES.image.cartoonify,
      API_ROUTES.voice.textToSpeech,
      API_ROUTES.youtube.summarize,
    ])
      expect(findEndpoint('POST', path)?.access, path).toBe('member');
    expect(findEndpoint('GET', API_ROUTES.voice.voices)?.access).toBe('member');
  });

  it('keeps the raw body only for the payment webhook', () => {
    expect(ENDPOINTS.filter((e) => e.rawBody).map((e) => e.path)).toEqual([API_ROUTES.billing.webhook]);
  });

  it('sizes bodies for base64 uploads', () => {
    const limit = (method: string, path: string) => BODY_LIMITS[findEndpoint(method, path)!.bodyLimit];
    expect(BODY_LIMITS.json).toBe(64 * 1024);
    expect(limit('POST', API_ROUTES.prompt.generateTextPrompt)).toBe(64 * 1024);
    expect(limit('POST', API_ROUTES.prompt.generateImagePrompt)).toBe(14 * 1024 * 1024);
    expect(limit('POST', API_ROUTES.image.cartoonify)).toBe(14 * 1024 * 1024);
    expect(limit('POST', API_ROUTES.voice.voiceIsolator)).toBe(7 * 1024 * 1024);
    expect(limit('POST', API_ROUTES.chat.agent.sendMessage)).toBe(28 * 1024 * 1024);
    expect(limit('POST', API_ROUTES.billing.webhook)).toBe(256 * 1024);
    expect(BODY_LIMITS.image).toBeGreaterThan(LIMITS.imageDataUrlChars + 1024);
    expect(BODY_LIMITS.audio).toBeGreaterThan(LIMITS.audioDataUrlChars + 1024);
    expect(BODY_LIMITS.chatAttachments).toBeGreaterThan(
      LIMITS.imageDataUrlChars + LIMITS.pdfDataUrlChars + 64 * 1024,
    );
  });

  it('gives every endpoint a unique method and path', () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
