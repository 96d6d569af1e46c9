import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { highlightCode } from './code-block';
import { Markdown } from './markdown';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Markdown replies', () => {
  it('renders headings, emphasis, lists, tables and links as elements', () => {
    const { container } = render(
      <Markdown
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
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('table td')?.textContent).toBe('1');
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows HTML in model text as text: no <img onerror>, no <script>, no inline handlers', () => {
    const onerror = vi.fn();
    (window as unknown as Record<string, unknown>).pwned = onerror;
    const { container } = render(
      <Markdown
        text={
          'Look: <img src=x onerror="window.pwned()"> and <script>window.pwned()</script>\n\n<b onclick="window.pwned()">bold?</b>'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="window.pwned()">');
    expect(onerror).not.toHaveBeenCalled();
  });

  it('drops javascript: links and turns Markdown images into plain links', () => {
    const { container } = render(
      <Markdown text={'[click](javascript:alert(1)) ![tracker](https://evil.example/pixel.png)'} />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.some((a) => (a.getAttribute('href') ?? '').startsWith('javascript:'))).toBe(false);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'tracker' }).getAttribute('href')).toBe(
      'https://evil.example/pixel.png',
    );
  });

  it('renders fenced code with its language, highlighting and a Copy button that copies the code', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { container } = render(<Markdown text={'```ts\nconst answer: number = 42; // the answer\n```'} />);
    const block = container.querySelector('.ch-code') as HTMLElement;
    expect(within(block).getByText('ts')).toBeTruthy();
    expect(block.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(block.querySelector('.hljs-number')?.textContent).toBe('42');
    expect(block.querySelector('pre')?.textContent).toBe('const answer: number = 42; // the answer');
    await user.click(within(block).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('const answer: number = 42; // the answer');
    expect(within(block).getByRole('button', { name: 'Copied!' })).toBeTruthy();
  });

  it('keeps HTML inside a code block as text, and shows unknown languages unhighlighted', () => {
    const { container } = render(
      <Markdown text={'```html\n<img src=x onerror=alert(1)>\n```\n\n```klingon\nqapla\n```'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    const blocks = container.querySelectorAll('pre');
    expect(blocks[0]?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(blocks[1]?.textContent).toBe('qapla');
    expect(blocks[1]?.querySelector('span')).toBeNull();
  });

  it('renders half-written Markdown while a reply streams (an open code fence)', () => {
    const { container } = render(<Markdown text={'Here:\n\n```python\nprint("hi")'} />);
    expect(container.querySelector('pre')?.textContent).toBe('print("hi")');
  });
});

describe('Markdown replies with numbered sources', () => {
  const citations = [
    { url: 'https://a.example.com/page#:~:text=first%20passage', title: 'Page A' },
    { url: 'https://b.example.org/' },
  ];

  it('links [n] to the n-th source, leaving unknown numbers, code and existing links as they are', () => {
    const { container } = render(
      <Markdown
        text={[
          'First [1], second [2], third [3].',
          '',
          'Inline `list[1]` and [a link [2]](https://c.example.net/).',
          '',
          '```py',
          'x = items[1]',
          '```',
        ].join('\n')}
        citations={citations}
      />,
    );
    const first = screen.getByRole('link', { name: 'Source 1: Page A' });
    expect(first.textContent).toBe('[1]');
    expect(first.getAttribute('href')).toBe(citations[0]!.url);
    expect(first.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('link', { name: 'Source 2: b.example.org' })).toHaveLength(1);
    expect(container.textContent).toContain('third [3].');
    expect(screen.getByText('list[1]').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'a link [2]' }).getAttribute('href')).toBe(
      'https://c.example.net/',
    );
    expect(container.querySelector('pre')?.textContent).toBe('x = items[1]');
  });

  it('leaves [n] as text when the reply has no sources', () => {
    render(<Markdown text="See [1]." />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('See [1].')).toBeTruthy();
  });
});

describe('highlightCode', () => {
  it('highlights known languages and aliases only', () => {
    expect(highlightCode('x = 1', 'py')).not.toBeNull();
    expect(highlightCode('x = 1', null)).toBeNull();
    expect(highlightCode('x = 1', 'nope')).toBeNull();
  });
});
