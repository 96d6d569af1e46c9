// Serves the built shell and remotes, precompressed where the build left a `.br` or `.gz` copy. Content-hashed
// assets are cached for a year; the files that point at them (index.html, remotes.json, mf-manifest.json,
// remoteEntry.js) are revalidated every time so a deploy shows at once, and so are the service worker and the web
// app manifest (docs/architecture.md#service-worker): a stale sw.js would keep an old version in charge.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const NEVER_CACHED = new Set([
  'index.html',
  'remotes.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'sw.js',
  'manifest.webmanifest',
]);
/** What the build precompresses: these may be answered in another encoding, so caches must key on it. */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|json|svg|txt)$/;
// Rsbuild puts an 8+ character content hash before the extension: main.3f2a9c1b.js
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|jpe?g|svg|webp|wasm)$/;

export function staticFiles(root: string): Middleware {
  const absoluteRoot = path.resolve(root);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) {
      await next();
      return;
    }
    if (await trySend(ctx, absoluteRoot, ctx.path)) return;
    // Client-side routes: anything that looks like a page (no file extension) gets the shell.
    if (!path.extname(ctx.path) && ctx.accepts('html')) {
      // A shared chat is never for search engines (docs/product-rules.md#shared-chats), even before its script runs.
      if (ctx.path.startsWith('/share/')) ctx.set('x-robots-tag', 'noindex, nofollow');
      if (await trySend(ctx, absoluteRoot, '/index.html')) return;
    }
    await next();
  };
}

const REMOTE_PATH = /^\/remotes\/([a-z][a-z0-9-]*)(\/.*)$/;

/**
 * Each remote is built and deployed on its own: /remotes/<family>/<file> is served from <remotesDir>/<family>/dist.
 * A missing file is a 404 (never the shell's index.html), so a dead remote fails loudly in the shell's loader.
 */
export function remoteFiles(remotesDir: string): Middleware {
  const absoluteRoot = path.resolve(remotesDir);
  return async (ctx, next) => {
    const match = REMOTE_PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    const [, family, rest] = match;
    if (await trySend(ctx, path.join(absoluteRoot, family!, 'dist'), rest!)) return;
    ctx.status = 404;
    ctx.body = 'Not found';
  };
}

async function trySend(ctx: Parameters<Middleware>[0], root: string, requestPath: string): Promise<boolean> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return false;
  }
  // Browsers and crawlers send '//index.html' or '/remotes/prompt//mf-manifest.json'; the file meant is plain.
  const normalised = decoded.replace(/\/{2,}/g, '/');
  const relative = normalised.endsWith('/') ? `${normalised}index.html` : normalised;
  // koa-send refuses traversal itself; this check keeps the intent visible and fails closed.
  const resolved = path.resolve(root, `.${relative}`);
  if (!resolved.startsWith(root + path.sep)) return false;
  try {
    if (!(await stat(resolved)).isFile()) return false;
  } catch {
    return false;
  }
  await send(ctx, relative, {
    root,
    hidden: false,
    // koa-send sends the build's precompressed `.br` / `.gz` copy when the browser accepts it (see scripts/build.mjs).
    setHeaders(res, filePath) {
      const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
      if (PRECOMPRESSED.test(name)) res.setHeader('Vary', 'Accept-Encoding');
      if (NEVER_CACHED.has(name) || name.endsWith('.html')) {
        res.setHeader('Cache-Control', 'no-cache');
      } else if (HASHED_ASSET.test(name)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  return true;
}
