import '../test-support/dom';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ARTIFACT_CSP, ARTIFACT_FRAME_PATH } from '@act/contracts';
import { Markdown } from './markdown';

// Mermaid itself needs a real layout engine; here it is a stand-in that records being loaded and what it was asked.
const mermaid = vi.hoisted(() => ({
  loads: 0,
  config: null as unknown,
  drawn: [] as string[],
  async render(_id: string, code: string) {
    this.drawn.push(code);
    if (code.includes('broken')) throw new Error('Parse error on line 2:\nExpecting something');
    return { svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${code.length}</text><br></svg>` };
  },
}));
vi.mock('mermaid', () => {
  mermaid.loads += 1;
  return {
    default: {
      initialize: (config: unknown) => (mermaid.config = config),
      render: (id: string, code: string) => mermaid.render(id, code),
    },
  };
});

beforeEach(() => {
  mermaid.drawn = [];
  // The frame's page is the gateway's; happy-dom must not try to fetch it.
  (
    window as unknown as { happyDOM: { settings: { navigation: { disableChildFrameNavigation: boolean } } } }
  ).happyDOM.settings.navigation.disableChildFrameNavigation = true;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const HTML_ANSWER = 'Here it is:\n\n```html\n<p id="x">Hi</p><script>x.textContent = "ran"</script>\n```\n';

function frameDocument(frame: HTMLIFrameElement): string {
  const src = frame.getAttribute('src') ?? '';
  expect(src.startsWith(`${ARTIFACT_FRAME_PATH}#`)).toBe(true);
  return decodeURIComponent(src.slice(src.indexOf('#') + 1));
}

describe('artifacts', () => {
  it('shows a finished HTML block as a preview in a frame sandboxed to scripts only, carrying the artifact policy', () => {
    render(<Markdown text={HTML_ANSWER} />);
    const preview = screen.getByRole('tab', { name: 'Preview' });
    expect(preview.getAttribute('aria-selected')).toBe('true');
    const frame = screen.getByTitle('HTML preview (sandboxed)') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    const doc = frameDocument(frame);
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${ARTIFACT_CSP}">`);
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<p id="x">'));
    expect(doc).toContain('<script>x.textContent = "ran"</script>');
  });

  it('shows the code while the answer is streaming, and the member can switch tabs by keyboard', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Markdown text={HTML_ANSWER} streaming />);
    const code = screen.getByRole('tab', { name: 'Code' });
    expect(code.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTitle('HTML preview (sandboxed)')).toBeNull();
    expect(screen.getByText(/x\.textContent/)).toBeTruthy();

    code.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTitle('HTML preview (sandboxed)')).toBeTruthy();
    // The member's pick stays when the answer finishes.
    await user.keyboard('{ArrowLeft}');
    rerender(<Markdown text={`${HTML_ANSWER}Done.`} />);
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
  });

  it('downloads an SVG block as an .svg file holding the code, and opens a larger preview in a panel', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (created.push(blob as Blob), 'blob:x'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>';
    render(<Markdown text={`\`\`\`svg\n${svg}\n\`\`\``} />);

    await user.click(screen.getByRole('button', { name: 'Download .svg' }));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^artifact-\d+\.svg$/);
    expect(created[0]?.type).toBe('image/svg+xml;charset=utf-8');
    expect(await created[0]?.text()).toBe(svg);

    await user.click(screen.getByRole('button', { name: 'Open in panel' }));
    const panel = await screen.findByRole('dialog', { name: 'SVG preview' });
    const large = panel.querySelector('iframe');
    expect(large?.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frameDocument(large as HTMLIFrameElement)).toContain('<circle r="4"/>');
  });

  it('leaves other code blocks as code', () => {
    render(<Markdown text={'```js\nalert(1)\n```'} />);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('maths', () => {
  it('renders inline and display maths with KaTeX once it has loaded', async () => {
    const { container } = render(<Markdown text={'Euler: $e^{i\\pi}+1=0$\n\n$$\n\\int_0^1 x\\,dx\n$$\n'} />);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(container.querySelector('math')).not.toBeNull();
  });

  it('does not trust formulas: \\href stays unlinked', async () => {
    const { container } = render(<Markdown text={'$\\href{javascript:alert(1)}{x}$'} />);
    await waitFor(() => expect(container.querySelector('.katex, .katex-error')).not.toBeNull());
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });
});

describe('diagrams', () => {
  it('loads Mermaid only when a mermaid block appears, strict, and shows the diagram as an image', async () => {
    const { rerender } = render(<Markdown text={'No diagram here.\n\n```js\nx\n```'} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mermaid.loads).toBe(0);

    rerender(<Markdown text={'```mermaid\ngraph TD; A-->B\n```'} />);
    const image = (await screen.findByRole('img', { name: 'Diagram from the answer' })) as HTMLImageElement;
    expect(mermaid.loads).toBe(1);
    expect(mermaid.config).toMatchObject({ securityLevel: 'strict', startOnLoad: false });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // Made well-formed XML for the image (Mermaid writes <br> the HTML way).
    expect(decodeURIComponent(image.getAttribute('src') ?? '')).toMatch(/<br ?\/>/);
  });

  it('waits for the answer to finish, and a block Mermaid cannot read shows its code and a short error', async () => {
    const { rerender } = render(<Markdown text={'```mermaid\ngraph broken\n```'} streaming />);
    expect(mermaid.drawn).toEqual([]);
    rerender(<Markdown text={'```mermaid\ngraph broken\n```\n\nAfter.'} />);
    expect(await screen.findByText('This diagram could not be drawn: Parse error on line 2:')).toBeTruthy();
    expect(screen.getByText('graph broken')).toBeTruthy();
    expect(screen.getByText('After.')).toBeTruthy();
  });
});

describe('a saved file (staticFile)', () => {
  it('carries maths as MathML, and diagrams and artifacts as their code', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { loadMath } = await import('./math');
    await loadMath();
    const html = renderToStaticMarkup(
      <Markdown
        staticFile
        text={'Area: $\\pi r^2$\n\n```mermaid\ngraph TD; A-->B\n```\n\n```html\n<b>hi</b>\n```'}
      />,
    );
    expect(html).toContain('<math');
    expect(html).not.toContain('katex-html');
    expect(html).toContain('<code class="language-mermaid">graph TD; A--&gt;B</code>');
    expect(html).toContain('<code class="language-html">&lt;b&gt;hi&lt;/b&gt;</code>');
    expect(html).not.toContain('<iframe');
  });
});
