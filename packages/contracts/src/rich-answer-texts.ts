// Rich answers (docs/product-rules.md#rich-answers): the words of an answer's HTML/SVG artifacts, maths and
// diagrams, and the one place the artifact frame's address and policy are written down, so the gateway that serves
// the frame and the browser that fills it agree (docs/security.md#artifact-sandbox).

/** The gateway's empty, sandboxed document an artifact runs in; the artifact travels in its fragment. */
export const ARTIFACT_FRAME_PATH = '/artifact-frame';

/** The artifact frame's policy: inline script and style only, images only from data: URLs, nothing from a network. */
export const ARTIFACT_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

/** The fences whose code is an artifact. */
export const ARTIFACT_LANGUAGES = ['html', 'svg'] as const;
export type ArtifactLanguage = (typeof ARTIFACT_LANGUAGES)[number];

export const RICH_ANSWER_TEXTS = {
  artifact: {
    tabsLabel: (language: ArtifactLanguage) => `${language.toUpperCase()} artifact`,
    code: 'Code',
    preview: 'Preview',
    open: 'Open in panel',
    copy: (language: ArtifactLanguage) => `Copy ${language.toUpperCase()}`,
    download: (language: ArtifactLanguage) => `Download .${language}`,
    frameTitle: (language: ArtifactLanguage) => `${language.toUpperCase()} preview (sandboxed)`,
    panelTitle: (language: ArtifactLanguage) => `${language.toUpperCase()} preview`,
    /** The downloaded file: artifact-{timestamp}.html or .svg. */
    fileName: (language: ArtifactLanguage, timestamp: number = Date.now()) =>
      `artifact-${timestamp}.${language}`,
  },
  diagram: {
    alt: 'Diagram from the answer',
    source: 'Diagram source',
    drawing: 'Drawing the diagram',
    failed: 'This diagram could not be drawn',
  },
} as const;
