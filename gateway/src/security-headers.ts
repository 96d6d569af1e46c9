// Security headers on every gateway response. Paddle.js is the only third-party script the product loads.
import type { Middleware } from 'koa';

/** The page's policy; `remotes` are the origins serving remotes besides our own (their scripts, styles, files). */
export function contentSecurityPolicy(remoteOrigins: readonly string[] = []): string {
  const remotes = remoteOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${remotes} https://cdn.paddle.com`,
    // Inline style attributes come from React and radix positioning; no inline scripts are ever allowed.
    `style-src 'self'${remotes} 'unsafe-inline'`,
    `img-src 'self'${remotes} data: blob: https:`,
    "media-src 'self' data: blob:",
    `font-src 'self'${remotes} data:`,
    // A remote's mf-manifest.json is fetched before it runs.
    `connect-src 'self'${remotes} https://*.paddle.com`,
    // 'self': an answer's artifact runs in the gateway's sandboxed artifact frame (docs/security.md#artifact-sandbox).
    "frame-src 'self' https://*.paddle.com",
    // The shell's service worker and web app manifest (docs/architecture.md#service-worker), from our origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the security headers on one response (the gateway's front middleware calls it first on every request). */
export function securityHeaderSetter({
  hsts,
  remoteOrigins = [],
}: {
  hsts: boolean;
  remoteOrigins?: readonly string[];
}): (ctx: Parameters<Middleware>[0]) => void {
  const policy = contentSecurityPolicy(remoteOrigins);
  return (ctx) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // The microphone only for our own pages: Speech to Speech records the member's voice in the browser.
    ctx.set(
      'Permissions-Policy',
      'camera=(), microphone=(self), geolocation=(), payment=(self "https://*.paddle.com")',
    );
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Content-Security-Policy', policy);
    if (hsts) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

export function securityHeaders(options: { hsts: boolean; remoteOrigins?: readonly string[] }): Middleware {
  const set = securityHeaderSetter(options);
  return async (ctx, next) => {
    set(ctx);
    await next();
  };
}
