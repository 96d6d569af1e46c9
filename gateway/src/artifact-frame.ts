// The artifact frame (docs/security.md#artifact-sandbox): the empty page an answer's HTML/SVG artifact runs in. The
// browser frames it as `sandbox="allow-scripts"` (an opaque origin) and puts the artifact in the address's fragment;
// this page's one inline script writes that document into itself. Its own policy replaces the site's: inline script
// and style for the artifact, images only from data: URLs, no connections, no frames, and the sandbox again in the
// header so the page is sandboxed even when opened on its own. Only this site's pages may frame it.
import type { Context } from 'koa';
import { ARTIFACT_CSP } from '@act/contracts';

export { ARTIFACT_FRAME_PATH } from '@act/contracts';

const POLICY = `${ARTIFACT_CSP}; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-scripts`;

// document.write keeps this document (and its policy); a fragment that is not valid percent-encoding writes nothing.
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"></head><body>' +
  '<script>(function(){var d="";try{d=decodeURIComponent(location.hash.slice(1))}catch(e){}' +
  'document.open();document.write(d);document.close()})()</script></body></html>';

export function serveArtifactFrame(ctx: Context): void {
  ctx.remove('X-Frame-Options');
  ctx.set('Content-Security-Policy', POLICY);
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = PAGE;
}
