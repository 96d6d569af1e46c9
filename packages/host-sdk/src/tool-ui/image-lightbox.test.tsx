import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(screen.getByRole('button', { name: 'Previous image' }).hasAttribute('disabled')).toBe(true);
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
