import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageLightbox } from './image-lightbox';
import { LoadMoreSentinel } from './load-more-sentinel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImageLightbox', () => {
  function renderLightbox(props: { onPrevious?: (() => void) | null; onNext?: (() => void) | null } = {}) {
    const onClose = vi.fn();
    render(
      <ImageLightbox
        open
        onClose={onClose}
        title="a fox in the snow"
        src="/files/fox.png"
        alt="a fox in the snow"
        previousLabel="Previous image"
        nextLabel="Next image"
        {...props}
      >
        <input aria-label="Note" />
      </ImageLightbox>,
    );
    return { onClose, user: userEvent.setup() };
  }

  it('is titled with the prompt and shows the image', () => {
    renderLightbox();
    const dialog = screen.getByRole('dialog', { name: 'a fox in the snow' });
    expect(dialog.querySelector('img')!.getAttribute('src')).toBe('/files/fox.png');
  });

  it('moves with the arrow keys and buttons, only where there is an image to move to', async () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    const { user } = renderLightbox({ onPrevious: null, onNext });
    expect(screen.getByRole('button', { name: 'Previous image' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{ArrowLeft}{ArrowRight}');
    expect(onNext).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(onNext).toHaveBeenCalledTimes(2);
    cleanup();
    const second = renderLightbox({ onPrevious, onNext: null });
    await second.user.keyboard('{ArrowRight}{ArrowLeft}');
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('leaves the arrow keys to a text field inside it, and closes with Escape', async () => {
    const onNext = vi.fn();
    const { user, onClose } = renderLightbox({ onNext });
    await user.click(screen.getByLabelText('Note'));
    await user.keyboard('{ArrowRight}');
    expect(onNext).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

/** A gallery of three thumbnails opening the lightbox, as the image pages use it. */
function Gallery() {
  const prompts = ['a fox', 'a hare', 'an owl'];
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul>
        {prompts.map((prompt, index) => (
          <li key={prompt}>
            <button type="button" aria-label={`Open image: ${prompt}`} onClick={() => setOpen(index)}>
              <img src={`/files/${index}.png`} alt="" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <ImageLightbox
          open
          onClose={() => setOpen(null)}
          title={prompts[open]!}
          src={`/files/${open}.png`}
          alt={prompts[open]!}
          previousLabel="Previous image"
          nextLabel="Next image"
          onPrevious={open > 0 ? () => setOpen(open - 1) : null}
          onNext={open < prompts.length - 1 ? () => setOpen(open + 1) : null}
        >
          <button type="button">Download</button>
        </ImageLightbox>
      )}
    </>
  );
}

describe('ImageLightbox from the keyboard', () => {
  it('opens from a thumbnail as a modal dialog, walks the gallery with the arrows, keeps Tab inside, and Esc gives focus back to the thumbnail', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.tab();
    await user.tab();
    const thumbnail = screen.getByRole('button', { name: 'Open image: a hare' });
    expect(document.activeElement).toBe(thumbnail);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'a hare' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'an owl' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'an owl' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'a fox' })).toBeTruthy();

    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumbnail));
  });

  it('keeps the focus on Next when it reaches the last image', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Open image: a hare' }));
    const next = await screen.findByRole('button', { name: 'Next image' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'an owl' })).toBeTruthy();
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(next);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'an owl' })).toBeTruthy();
  });
});

describe('LoadMoreSentinel', () => {
  function fakeObserver() {
    const made: {
      options?: IntersectionObserverInit;
      fire(visible: boolean): void;
      disconnected: boolean;
    }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        target: Element | null = null;
        record: (typeof made)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.record = {
            options,
            disconnected: false,
            fire: (visible) =>
              callback(
                [{ isIntersecting: visible, target: this.target } as IntersectionObserverEntry],
                this as unknown as IntersectionObserver,
              ),
          };
          made.push(this.record);
        }
        observe(target: Element) {
          this.target = target;
        }
        unobserve() {}
        disconnect() {
          this.record.disconnected = true;
        }
        takeRecords() {
          return [];
        }
      },
    );
    return made;
  }

  it('asks for more once the end is within the threshold, looks again when the list grows, and stops when inactive', () => {
    const made = fakeObserver();
    const onNear = vi.fn();
    const { rerender } = render(<LoadMoreSentinel onNear={onNear} thresholdPx={100} active revision={8} />);
    expect(made).toHaveLength(1);
    expect(made[0]!.options?.rootMargin).toBe('0px 0px 100px 0px');
    made[0]!.fire(false);
    expect(onNear).not.toHaveBeenCalled();
    made[0]!.fire(true);
    expect(onNear).toHaveBeenCalledTimes(1);

    rerender(<LoadMoreSentinel onNear={onNear} thresholdPx={100} active revision={16} />);
    expect(made[0]!.disconnected).toBe(true);
    expect(made).toHaveLength(2);

    rerender(<LoadMoreSentinel onNear={onNear} thresholdPx={100} active={false} revision={18} />);
    expect(made[1]!.disconnected).toBe(true);
    expect(made).toHaveLength(2);
  });
});
