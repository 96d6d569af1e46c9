import '../test-support/dom';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown, type TextLinker } from './markdown';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Links every "NASA" to the agency's page. */
const linkNasa: TextLinker = (text) =>
  text
    .split(/(NASA)/)
    .map((part) =>
      part === 'NASA'
        ? { text: part, href: 'https://www.nasa.gov/', label: 'NASA home', className: 'x-nasa' }
        : part,
    );

describe('Markdown', () => {
  it('renders headings, emphasis, lists, tables and links as elements; links open in a new tab', () => {
    const { container } = render(
      <Markdown
        className="x-page"
        text={[
          '## Plan',
          '',
          'Use **bold** and *care*.',
          '',
          '- one',
          '- two',
          '',
          '| a | b |',
          '|---|---|',
          '| 1 | 2 |',
          '',
          'See [docs](https://example.com/docs).',
        ].join('\n')}
      />,
    );
    expect(container.firstElementChild?.className).toBe('act-md x-page');
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('.act-md__table table td')?.textContent).toBe('1');
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows HTML in the text as text, drops javascript: links and turns images into plain links', () => {
    const onerror = vi.fn();
    (window as unknown as Record<string, unknown>).pwned = onerror;
    const { container } = render(
      <Markdown
        text={
          'Look: <img src=x onerror="window.pwned()"> <script>window.pwned()</script>\n\n' +
          '<b onclick="window.pwned()">bold?</b>\n\n' +
          '[click](javascript:alert(1)) ![tracker](https://evil.example/pixel.png)'
        }
      />,
    );
    expect(container.querySelector('img, script, b, [onerror], [onclick]')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="window.pwned()">');
    expect(
      [...container.querySelectorAll('a')].some((a) => a.getAttribute('href')?.startsWith('javascript:')),
    ).toBe(false);
    expect(screen.getByRole('link', { name: 'tracker' }).getAttribute('href')).toBe(
      'https://evil.example/pixel.png',
    );
    expect(onerror).not.toHaveBeenCalled();
  });

  it('renders code blocks plainly by default, or with the caller’s component', () => {
    const { container, unmount } = render(<Markdown text={'```ts\nconst a = "<b>";\n```'} />);
    expect(container.querySelector('pre > code.language-ts')?.textContent).toBe('const a = "<b>";');
    expect(container.querySelector('b')).toBeNull();
    unmount();
    render(
      <Markdown
        text={'```py\nx = 1\n```'}
        codeBlock={({ code, language }) => <output aria-label={`code ${language}`}>{code}</output>}
      />,
    );
    expect(screen.getByRole('status', { name: 'code py' }).textContent).toBe('x = 1');
  });

  it('keeps single line breaks when asked (summaries written line by line), joins them otherwise', () => {
    const text = 'Key moments:\n0:00 Intro\n1:23 Setup';
    const { container, unmount } = render(<Markdown text={text} lineBreaks />);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelectorAll('p br')).toHaveLength(2);
    unmount();
    const joined = render(<Markdown text={text} />);
    expect(joined.container.querySelectorAll('br')).toHaveLength(0);
  });

  it('links parts of the text, also in bold, never in code or inside an existing link', () => {
    const { container } = render(
      <Markdown
        text={'NASA flew. **NASA** again, `NASA` in code, [NASA site](https://example.com/).'}
        linkText={linkNasa}
      />,
    );
    const links = screen.getAllByRole('link', { name: 'NASA home' });
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute('href')).toBe('https://www.nasa.gov/');
    expect(links[0]!.className).toBe('x-nasa');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[1]!.parentElement?.tagName).toBe('STRONG');
    expect(container.querySelector('code')?.textContent).toBe('NASA');
    expect(screen.getByRole('link', { name: 'NASA site' }).getAttribute('href')).toBe('https://example.com/');
    expect(container.textContent).toBe('NASA flew. NASA again, NASA in code, NASA site.');
  });
});
