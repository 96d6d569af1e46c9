// The document an HTML or SVG artifact runs in (docs/security.md#artifact-sandbox). The gateway serves an empty page
// at ARTIFACT_FRAME_PATH with the artifact policy as its header; the frame is `sandbox="allow-scripts"` (an opaque
// origin: no cookies, storage, token or page of ours to reach) and the artifact travels in the address's fragment,
// which never leaves the browser. The policy is written into the document too, so the artifact cannot load anything
// even where the header is missing.
import { ARTIFACT_CSP, ARTIFACT_FRAME_PATH, type ArtifactLanguage } from '@act/contracts';

/** The sandbox of every artifact frame: scripts only. Never add allow-same-origin (it would undo the sandbox). */
export const ARTIFACT_SANDBOX = 'allow-scripts';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The artifact as a whole HTML document with the artifact policy first in its head. */
export function artifactDocument(code: string, language: ArtifactLanguage): string {
  const head =
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(ARTIFACT_CSP)}">` +
    '<meta name="referrer" content="no-referrer">';
  if (language === 'svg') {
    return `${head}<style>html,body{margin:0}svg{max-width:100%;height:auto}</style></head><body>${code}</body></html>`;
  }
  // The artifact's own <html>/<head> tags merge into these; its <meta> can add rules but never lift the policy.
  return `${head}</head><body>${code}</body></html>`;
}

/** The frame's address: the gateway's artifact page, the document in the fragment. */
export function artifactFrameSrc(code: string, language: ArtifactLanguage): string {
  return `${ARTIFACT_FRAME_PATH}#${encodeURIComponent(artifactDocument(code, language))}`;
}
