import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { Markdown } from '@act/host-sdk/markdown';
import { keyMomentLinks, keyMomentUrl } from './key-moments';

afterEach(cleanup);

const VIDEO_ID = 'dQw4w9WgXcQ';

describe('key moment links in a summary', () => {
  it('links each timestamp (also in bold or brackets) to the video at that second, line by line', () => {
    const { container } = render(
      <Markdown
        text={'**Key moments**\n- **0:45** Intro\n- [1:02:03] The end\n\nSee 12:34 and `3:21` in code.'}
        linkText={keyMomentLinks(VIDEO_ID)}
        lineBreaks
      />,
    );
    const intro = screen.getByRole('link', { name: UI_TEXTS.youtube.keyMomentLabel('0:45') });
    expect(intro.getAttribute('href')).toBe(keyMomentUrl(VIDEO_ID, 45));
    expect(intro.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=45s`);
    expect(intro.parentElement?.tagName).toBe('STRONG');
    expect(
      screen.getByRole('link', { name: UI_TEXTS.youtube.keyMomentLabel('1:02:03') }).getAttribute('href'),
    ).toBe(keyMomentUrl(VIDEO_ID, 3723));
    expect(screen.getByRole('link', { name: UI_TEXTS.youtube.keyMomentLabel('12:34') }).className).toBe(
      'yt-moment',
    );
    expect(screen.queryByRole('link', { name: UI_TEXTS.youtube.keyMomentLabel('3:21') })).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '0:45 Intro',
      '[1:02:03] The end',
    ]);
    expect(container.textContent).toContain('See 12:34 and 3:21 in code.');
  });
});
