// Maths in answers (docs/product-rules.md#rich-answers): `$…$` inline and `$$…$$` display, parsed by remark-math and
// drawn by KaTeX (rehype-katex). KaTeX, its CSS and its fonts are bundled (no CDN) and loaded only when a text holds a
// `$`, so pages without maths never download them. KaTeX runs untrusted: no \href/\url/\includegraphics (trust off),
// bounded macro expansion and sizes, and a formula it cannot read is shown as its source in red, never an error.
import { useEffect, useState } from 'react';
import type { PluggableList } from 'unified';

export interface MathPlugins {
  remark: PluggableList;
  /** On screen: KaTeX's HTML (styled by its CSS) with MathML beside it for screen readers. */
  rehype: PluggableList;
  /** In a file saved from the page (an HTML export): MathML alone, which browsers draw without KaTeX's CSS. */
  rehypeStatic: PluggableList;
}

let loaded: MathPlugins | null = null;
let loading: Promise<MathPlugins> | null = null;

/** Whether the text may hold maths (cheap: a dollar sign). */
export function mayHoldMath(text: string): boolean {
  return text.includes('$');
}

const KATEX_OPTIONS = {
  throwOnError: false,
  strict: 'ignore',
  trust: false,
  maxExpand: 1000,
  maxSize: 20,
} as const;

/** Loads remark-math, rehype-katex and KaTeX's CSS once. */
export function loadMath(): Promise<MathPlugins> {
  loading ??= Promise.all([import('remark-math'), import('rehype-katex'), import('./katex-styles')]).then(
    ([remarkMath, rehypeKatex]) => {
      loaded = {
        remark: [remarkMath.default],
        rehype: [[rehypeKatex.default, { ...KATEX_OPTIONS, output: 'htmlAndMathml' }]],
        rehypeStatic: [[rehypeKatex.default, { ...KATEX_OPTIONS, output: 'mathml' }]],
      };
      return loaded;
    },
  );
  loading.catch(() => {
    // A failed chunk load (offline) is tried again by the next text with maths.
    loading = null;
  });
  return loading;
}

/** The math plugins when the text holds maths: null until they are loaded (then the text renders again). */
export function useMath(text: string): MathPlugins | null {
  const [plugins, setPlugins] = useState<MathPlugins | null>(loaded);
  const needed = mayHoldMath(text);
  useEffect(() => {
    if (!needed || plugins) return;
    let live = true;
    loadMath().then(
      (math) => live && setPlugins(math),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, plugins]);
  return needed ? plugins : null;
}
