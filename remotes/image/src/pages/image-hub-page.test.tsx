import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTool, GENERATED_IMAGE_TOOL_IDS, type GeneratedImage } from '@act/contracts';
import { createTestHost } from '@act/host-sdk/testing';
import { installFakeIntersectionObserver } from '../test-support/image-host';
import { ImageHubPage } from './image-hub-page';

// The end-of-list sentinel watches with IntersectionObserver: the tests say when it comes into sight.
let observer: ReturnType<typeof installFakeIntersectionObserver>;
beforeEach(() => {
  observer = installFakeIntersectionObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const scrollNearBottom = () => act(() => observer.near());

function image(n: number): GeneratedImage {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    image_url: `/api/image/files/u/${n}.jpg?sig=i`,
    thumbnail_url: `/api/image/files/u/${n}.thumb.webp?sig=t`,
    download_url: `/api/image/files/u/${n}.jpg?sig=d&dl=cartoonify-${1764000000000 + n}.jpg`,
    original_url: `/api/image/files/u/${n}.source.png?sig=o`,
    positive_prompt: n % 2 === 0 ? `happy ${n}` : 'Cartoonify',
    tool_type: 'image-to-image',
    tool_id: n % 2 === 0 ? 'expression-change' : 'cartoonify',
    created_at: new Date(1764000000000 + n).toISOString(),
    width: 640,
    height: 480,
  };
}

const page = (from: number, count: number, hasMore: boolean) => ({
  success: true,
  images: Array.from({ length: count }, (_, i) => image(from + i)),
  hasMore,
});

function setup(first: unknown = page(1, 0, false)) {
  const test = createTestHost({ toolId: 'image-to-image' });
  test.reply(200, first);
  const user = userEvent.setup();
  render(<ImageHubPage host={test.host} />);
  return { ...test, user };
}

const status = () => screen.getByRole('status');

describe('Image to Image hub', () => {
  it('lists the seven effects, Upscale and Edit a region with name, description, Available and their price, and opens one', async () => {
    const { user, navigate } = setup();
    const cards = screen.getAllByRole('button', { name: /credits per use/ });
    expect(cards).toHaveLength(9);
    expect(screen.getAllByRole('button', { name: /20 credits per use/ })).toHaveLength(8);
    GENERATED_IMAGE_TOOL_IDS.forEach((id, index) => {
      const card = cards[index]!;
      expect(card.querySelector('.ie-tool-card__name')?.textContent).toBe(getTool(id).name);
      expect(card.textContent).toContain(getTool(id).description);
      expect(card.textContent).toContain(`${getTool(id).cost} credits per use`);
      expect(card.textContent).toContain('Available');
      expect(card.textContent).not.toContain('Coming Soon');
    });
    await user.click(screen.getByRole('button', { name: /Color Correction/ }));
    expect(navigate).toHaveBeenCalledWith('/tools/color-correction');
    await user.click(screen.getByRole('button', { name: /Upscale/ }));
    expect(navigate).toHaveBeenCalledWith('/tools/upscale');
    expect(screen.getByRole('heading', { name: 'More Tools Coming Soon!' })).toBeTruthy();
  });

  it('says so when the member has no results yet', async () => {
    const { calls } = setup();
    expect(status().textContent).toBe('Loading more images...');
    await waitFor(() =>
      expect(status().textContent).toBe('No images generated yet. Try one of the tools above!'),
    );
    expect(calls[0]?.path).toBe('/api/image/generated-images?offset=0&limit=8');
  });

  it('shows 8, loads the next page when the end comes within 100 px, then says the end', async () => {
    const { reply, calls } = setup(page(1, 8, true));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
    // The sentinel starts watching in an effect after the page renders, so wait for it as for the items.
    await waitFor(() => expect(observer.rootMargins()).toEqual(['0px 0px 100px 0px']));
    expect(screen.getByAltText('happy 2').getAttribute('src')).toBe('/api/image/files/u/2.thumb.webp?sig=t');

    // One result repeats (a result was added meanwhile, shifting the offsets): it is not shown twice.
    reply(200, { success: true, images: [image(8), image(9), image(10)], hasMore: false });
    scrollNearBottom();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    expect(calls[1]?.path).toBe('/api/image/generated-images?offset=8&limit=8');
    expect(status().textContent).toBe("You've reached the end.");
    // Nothing more is asked for at the end.
    scrollNearBottom();
    expect(calls).toHaveLength(2);
  });

  it('opens a result in a lightbox titled with its prompt, with arrows and Download', async () => {
    const { user } = setup(page(1, 3, false));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    const second = screen.getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Expand' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('happy 2')).toBeTruthy();
    expect(within(dialog).getByAltText('happy 2').getAttribute('src')).toBe('/api/image/files/u/2.jpg?sig=i');
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(within(screen.getByRole('dialog')).getAllByText('Cartoonify').length).toBeGreaterThan(0);
  });

  it('Next on the last loaded result fetches the next page and opens its first', async () => {
    const { reply, user, calls } = setup(page(1, 8, true));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
    await user.click(within(screen.getAllByRole('listitem')[7]!).getByRole('button', { name: 'Expand' }));
    reply(200, page(9, 1, false));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Next image' }));
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('src')).toBe(
        '/api/image/files/u/9.jpg?sig=i',
      ),
    );
    expect(calls[1]?.path).toBe('/api/image/generated-images?offset=8&limit=8');
    const nextButton = within(screen.getByRole('dialog')).getByRole('button', { name: 'Next image' });
    expect(nextButton.getAttribute('aria-disabled')).toBe('true');
  });

  it("reloads from the start on 'gallery-updated'", async () => {
    const { reply, calls } = setup(page(1, 2, false));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    reply(200, page(0, 3, false));
    act(() => {
      window.dispatchEvent(new Event('gallery-updated'));
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(calls[1]?.path).toBe('/api/image/generated-images?offset=0&limit=8');
  });

  it("toasts 'Failed to load gallery images.' when the first page fails", async () => {
    const test = createTestHost({ toolId: 'image-to-image' });
    test.reply(500, { success: false, error: 'boom', code: 'INTERNAL' });
    const { Toaster } = await import('@act/host-sdk');
    render(
      <>
        <Toaster />
        <ImageHubPage host={test.host} />
      </>,
    );
    expect(await screen.findByText('Failed to load gallery images.')).toBeTruthy();
    expect(screen.queryByText('No images generated yet. Try one of the tools above!')).toBeNull();
  });
});
