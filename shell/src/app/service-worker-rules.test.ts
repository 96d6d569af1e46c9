// The service worker's URL rules (shell/public/sw.js, docs/architecture.md#service-worker), run from the shipped
// file itself: its functions are evaluated in a bare context, where the worker's listeners are not set up.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/sw.js');
const sandbox: Record<string, unknown> = { URL };
vm.runInNewContext(readFileSync(file, 'utf8'), sandbox);
type Rule = (url: string, origin: string) => boolean;
const isCacheableAsset = sandbox.isCacheableAsset as Rule;
const isPageNavigation = sandbox.isPageNavigation as Rule;
const isOfflineFile = sandbox.isOfflineFile as Rule;

const ORIGIN = 'https://toolbox.example';

describe('service worker URL rules', () => {
  it("caches the shell's and the remotes' content-hashed scripts, styles, fonts and images", () => {
    for (const url of [
      '/static/js/index.3f2a9c1b.js',
      '/static/js/async/812.0a1b2c3d4e.js',
      '/static/css/index.9f8e7d6c.css',
      '/static/font/inter.a1b2c3d4.woff2',
      '/static/image/hero.deadbeef.webp',
      '/remotes/image/static/js/async/410.c0ffee12.js',
      'https://remotes.toolbox.example/remotes/voice/static/css/async/voice.12345678.css',
    ]) {
      expect(isCacheableAsset(url, ORIGIN), url).toBe(true);
    }
  });

  it('never caches an API reply or a signed file URL, wherever it is', () => {
    for (const url of [
      '/api/credits/me',
      '/api/identity/token',
      '/api/image/files/0b7a/3f2a9c1b.png?exp=1767225600&sig=abc123',
      '/api/static/js/index.3f2a9c1b.js',
      // A query is where a signature or token travels; a hashed file never has one.
      '/static/image/result.3f2a9c1b.png?sig=abc123',
      '/static/js/index.3f2a9c1b.js?token=secret',
      'https://bucket.s3.example/static/x.3f2a9c1b.png?X-Amz-Signature=abc',
    ]) {
      expect(isCacheableAsset(url, ORIGIN), url).toBe(false);
    }
  });

  it('caches no page, manifest, remote entry or unhashed file, and nothing from other sites', () => {
    for (const url of [
      '/',
      '/dashboard',
      '/index.html',
      '/offline.html',
      '/sw.js',
      '/theme-boot.js',
      '/remotes.json',
      '/manifest.webmanifest',
      '/remotes/image/remoteEntry.js',
      '/remotes/image/mf-manifest.json',
      '/static/js/index.js',
      'https://cdn.paddle.com/static/js/paddle.3f2a9c1b.js',
      'data:text/javascript,1',
    ]) {
      expect(isCacheableAsset(url, ORIGIN), url).toBe(false);
    }
  });

  it('answers page navigations (offline page on failure) but leaves API navigations like a signed download alone', () => {
    expect(isPageNavigation(`${ORIGIN}/dashboard`, ORIGIN)).toBe(true);
    expect(isPageNavigation(`${ORIGIN}/tools/cartoonify?from=abc`, ORIGIN)).toBe(true);
    expect(isPageNavigation(`${ORIGIN}/api/image/files/u/f.png?exp=1&sig=2&dl=1`, ORIGIN)).toBe(false);
    expect(isPageNavigation('https://elsewhere.example/', ORIGIN)).toBe(false);
  });

  it("knows the offline page's own files", () => {
    expect(isOfflineFile(`${ORIGIN}/offline.html`, ORIGIN)).toBe(true);
    expect(isOfflineFile(`${ORIGIN}/theme-boot.js`, ORIGIN)).toBe(true);
    expect(isOfflineFile(`${ORIGIN}/theme-boot.js?x=1`, ORIGIN)).toBe(false);
    expect(isOfflineFile('https://elsewhere.example/offline.html', ORIGIN)).toBe(false);
  });
});

describe('offline page and manifest', () => {
  const publicDir = path.dirname(file);

  it('states the offline texts and loads only files the worker keeps for it', async () => {
    const { OFFLINE_TEXTS } = await import('@act/contracts');
    const { OFFLINE_PAGE_TEMPLATE, renderOfflinePage } = await import('../offline/offline-page');
    const template = readFileSync(path.resolve(publicDir, '..', OFFLINE_PAGE_TEMPLATE), 'utf8');
    const html = renderOfflinePage(template).replace(/\s+/g, ' ');
    for (const text of Object.values(OFFLINE_TEXTS)) expect(html).toContain(text);
    const loaded = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    for (const url of loaded) expect(isOfflineFile(`${ORIGIN}${url}`, ORIGIN), url).toBe(true);
  });

  it('names 192 and 512 px icons, maskable ones too, that exist', () => {
    const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.display).toBe('standalone');
    const kinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const png = readFileSync(path.join(publicDir, icon.src));
      // A PNG's IHDR: width and height as big-endian 32-bit numbers at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });
});
