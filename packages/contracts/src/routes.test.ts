import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  BODY_LIMITS,
  bodyLimitFor,
  fillRoute,
  findRoute,
  GATEWAY_SERVICES,
  GUEST_ROUTES,
  PUBLIC_ROUTES,
  routeMatches,
  serviceForPath,
} from './routes';
import { LIMITS } from './limits';

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
    expect(GATEWAY_SERVICES.map((s) => s.defaultPort)).toEqual([8101, 8102, 8103, 8104, 8105, 8106, 8107]);
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
    expect(findRoute(PUBLIC_ROUTES, 'POST', '/api/identity/signup')).toBeDefined();
    expect(findRoute(PUBLIC_ROUTES, 'GET', '/api/credits/plans?x=1')).toBeDefined();
    expect(findRoute(PUBLIC_ROUTES, 'POST', '/api/billing/webhook')).toBeDefined();
    expect(findRoute(PUBLIC_ROUTES, 'GET', '/api/credits/me')).toBeUndefined();
    expect(findRoute(PUBLIC_ROUTES, 'POST', '/api/billing/cancel')).toBeUndefined();
    expect(findRoute(PUBLIC_ROUTES, 'POST', API_ROUTES.billing.changePlan)).toBeUndefined();
    expect(serviceForPath(API_ROUTES.billing.changePlan)?.service).toBe('credits');
    expect(findRoute(GUEST_ROUTES, 'POST', '/api/prompt/generate-text-prompt')).toBeDefined();
    expect(findRoute(GUEST_ROUTES, 'GET', '/api/chat/sessions')).toBeUndefined();
  });

  it('sizes bodies for base64 uploads', () => {
    expect(BODY_LIMITS.json).toBe(64 * 1024);
    expect(bodyLimitFor(API_ROUTES.prompt.generateTextPrompt)).toBe(64 * 1024);
    expect(bodyLimitFor(API_ROUTES.image.cartoonify)).toBe(14 * 1024 * 1024);
    expect(bodyLimitFor(API_ROUTES.voice.voiceIsolator)).toBe(7 * 1024 * 1024);
    expect(bodyLimitFor(API_ROUTES.chat.agent.sendMessage)).toBe(28 * 1024 * 1024);
    expect(BODY_LIMITS.image).toBeGreaterThan(LIMITS.imageDataUrlChars + 1024);
    expect(BODY_LIMITS.audio).toBeGreaterThan(LIMITS.audioDataUrlChars + 1024);
    expect(BODY_LIMITS.chatAttachments).toBeGreaterThan(
      LIMITS.imageDataUrlChars + LIMITS.pdfDataUrlChars + 64 * 1024,
    );
  });
});
