import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { highlightCode } from './code-block';
import { Markdown } from './markdown';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// What the host's renderer does with any text (elements, no HTML, safe links) is tested with it in
// @act/host-sdk (packages/host-sdk/src/ui/markdown.test.tsx); these are chat's own: its code blocks and sources.
describe('Markdown replies', () => {
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
    // Streaming: an html block shows its Code tab (its Preview is the sandboxed frame, host-sdk's rich-answer tests).
    const { container } = render(
      <Markdown text={'```html\n<img src=x onerror=alert(1)>\n```\n\n```klingon\nqapla\n```'} streaming />,
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
