import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, GALLERY_UPDATED_EVENT, UI_TEXTS } from '@act/contracts';
import { dismissToast, getToasts } from '@act/host-sdk';
import { json } from '@act/host-sdk/testing';
import { TextToImagePage } from '../pages/text-to-image-page';
import {
  galleryImage,
  galleryReply,
  imageId,
  imageRoute,
  installFakeIntersectionObserver,
  queryOf,
  ROUTES,
  setupImageHost,
} from '../test-support/image-host';

const T = UI_TEXTS.textToImage;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const item of getToasts()) dismissToast(item.id);
});

const FIRST = Array.from({ length: 8 }, (_, i) => galleryImage(i + 1));
const SECOND = [galleryImage(9), galleryImage(10)];
const TWO_PAGES = { '': { images: FIRST, next: 'cursor-8' }, 'cursor-8': { images: SECOND, next: null } };

function setup(options: Parameters<typeof setupImageHost>[0] = {}) {
  const observer = installFakeIntersectionObserver();
  const test = setupImageHost(options);
  const user = userEvent.setup();
  render(<TextToImagePage host={test.host} />);
  const gallery = () => screen.getByRole('region', { name: T.galleryTitle });
  const cards = () => within(gallery()).queryAllByRole('button', { name: /^Open image: / });
  return { ...test, observer, user, gallery, cards };
}

const promptsOf = (buttons: HTMLElement[]) => buttons.map((b) => b.getAttribute('aria-label')!.slice(12));

describe('Text to Image gallery', () => {
  it('shows the first 8 images newest first as thumbnails, the next ones once scrolled within 100 px of the end, then the end', async () => {
    const { observer, cards, gallery, galleryRequests } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(promptsOf(cards())).toEqual(FIRST.map((i) => i.positive_prompt));
    const thumbs = within(gallery()).getAllByRole<HTMLImageElement>('img');
    expect(thumbs[0]!.getAttribute('src')).toBe(FIRST[0]!.thumbnail_path);
    expect(thumbs.every((img) => img.getAttribute('src')!.includes('.thumb.webp'))).toBe(true);
    expect(queryOf(galleryRequests()[0]!)).toEqual({});
    // The end is watched from an effect, which React may run a moment after the cards are painted.
    await waitFor(() => expect(observer.rootMargins()).toEqual(['0px 0px 100px 0px']));
    expect(within(gallery()).queryByText(T.end)).toBeNull();

    // A real observer keeps reporting the end while it stays in sight; the first report may come before the list has
    // settled after its first page (and be ignored), so the stand-in reports until the next page is in.
    await waitFor(() => {
      if (!galleryRequests().some((request) => queryOf(request).cursor)) observer.near();
      expect(cards()).toHaveLength(10);
    });
    expect(queryOf(galleryRequests().at(-1)!)).toEqual({ cursor: 'cursor-8' });
    expect(promptsOf(cards()).slice(8)).toEqual(['prompt number 9', 'prompt number 10']);
    expect(within(gallery()).getByText(T.end)).toBeTruthy();
    // Nothing more to ask for: the end is no longer watched.
    await waitFor(() => expect(observer.rootMargins()).toEqual([]));
    expect(galleryRequests()).toHaveLength(2);
  });

  it('says so when the member has no images yet', async () => {
    const { gallery } = setup();
    expect(await within(gallery()).findByText(T.galleryEmpty)).toBeTruthy();
  });

  it("reloads from the start on the 'gallery-updated' event", async () => {
    const { observer, cards, galleryRequests } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    await waitFor(() => {
      if (!galleryRequests().some((request) => queryOf(request).cursor)) observer.near();
      expect(cards()).toHaveLength(10);
    });
    window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
    await waitFor(() => expect(galleryRequests()).toHaveLength(3));
    expect(queryOf(galleryRequests()[2]!)).toEqual({});
    await waitFor(() => expect(cards()).toHaveLength(8));
  });

  it('searches by prompt on the server, filters by model and favourites, and says when nothing matches', async () => {
    const { user, cards, gallery, galleryRequests, on } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    on(ROUTES.images, (request) => galleryReply(queryOf(request).q ? [] : FIRST, null));
    await user.type(within(gallery()).getByLabelText(T.gallerySearch), 'red fox');
    await waitFor(() => expect(queryOf(galleryRequests().at(-1)!)).toEqual({ q: 'red fox' }));
    expect(await within(gallery()).findByText(T.galleryNoMatches)).toBeTruthy();

    await user.click(within(gallery()).getByRole('combobox', { name: T.modelFilterLabel }));
    await user.click(await screen.findByRole('option', { name: 'Ideogram v3' }));
    await waitFor(() =>
      expect(queryOf(galleryRequests().at(-1)!)).toEqual({ q: 'red fox', model: 'ideogram-v3' }),
    );
    await user.click(within(gallery()).getByRole('button', { name: T.favouritesOnly }));
    await waitFor(() =>
      expect(queryOf(galleryRequests().at(-1)!)).toEqual({
        q: 'red fox',
        model: 'ideogram-v3',
        favourites: 'true',
      }),
    );
  });

  it('opens a lightbox titled with the prompt, with the full image, and moves between images with the arrow keys', async () => {
    const { user, cards } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(cards()[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'prompt number 2' })).toBeTruthy();
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(FIRST[1]!.image_path);
    expect(within(dialog).getByText('1002')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('heading', { name: 'prompt number 3' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByRole('heading', { name: 'prompt number 1' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: T.previous }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: T.next }));
    expect(within(dialog).getByRole('heading', { name: 'prompt number 2' })).toBeTruthy();
  });

  it('opening the last loaded image fetches the next page so Next goes on', async () => {
    const { user, cards, galleryRequests } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(cards()[7]!);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(galleryRequests()).toHaveLength(2));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: T.next }).hasAttribute('aria-disabled')).toBe(false),
    );
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('heading', { name: 'prompt number 9' })).toBeTruthy();
  });

  it('marks an image as a favourite (PATCH) from its card and from the lightbox', async () => {
    const { user, cards, gallery, on, requests } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    const id = imageId(1);
    on(imageRoute('PATCH', id), (request) =>
      json({
        success: true,
        image: galleryImage(1, { favourite: (request.body as { favourite: boolean }).favourite }),
      }),
    );
    const heart = within(gallery()).getAllByRole('button', { name: T.favourite })[0]!;
    await user.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(heart.getAttribute('aria-label')).toBe(T.unfavourite);
    const patch = requests.filter((r) => r.method === 'PATCH');
    expect(patch.map((r) => [new URL(r.url, 'http://x').pathname, r.body])).toEqual([
      [`/api/image/text-to-image/images/${id}`, { favourite: true }],
    ]);

    await user.click(cards()[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: T.unfavourite }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: T.favourite })).toBeTruthy());
    expect(requests.filter((r) => r.method === 'PATCH').at(-1)!.body).toEqual({ favourite: false });
  });

  it('a failed favourite says "Failed to update image"', async () => {
    const { user, cards, gallery, on } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    on(imageRoute('PATCH', imageId(1)), () =>
      json({ success: false, error: 'Image not found', code: 'NOT_FOUND' }, 404),
    );
    const heart = within(gallery()).getAllByRole('button', { name: T.favourite })[0]!;
    await user.click(heart);
    await waitFor(() => expect(getToasts().at(-1)?.title).toBe('Image not found'));
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('deletes an image only after confirmation, and the card goes', async () => {
    const { user, cards, on, requests } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    on(imageRoute('DELETE', imageId(3)), () => json({ success: true }));
    await user.click(cards()[2]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(T.deleteConfirm)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cards()).toHaveLength(7));
    expect(promptsOf(cards())).not.toContain('prompt number 3');
    expect(
      requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url, 'http://x').pathname),
    ).toEqual([`/api/image/text-to-image/images/${imageId(3)}`]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed delete keeps the image and says "Failed to delete image"', async () => {
    const { user, cards, on } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    on(imageRoute('DELETE', imageId(3)), () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(cards()[2]!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getToasts().at(-1)?.title).toBe('Failed to delete image'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cards()).toHaveLength(8);
  });

  it('Use settings puts the prompt, negative prompt, model, style, aspect, format and seed back in the panel', async () => {
    const image = galleryImage(1, {
      positive_prompt: 'a fox in the snow',
      negative_prompt: 'blurry',
      model_name: 'flux-pro',
      style: null,
      aspect_ratio: 'portrait',
      image_format: 'webp',
      seed: 77,
      width: 768,
      height: 1344,
    });
    const { user, cards } = setup({ pages: { '': { images: [image], next: null } } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(cards()[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Portrait (768×1344)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: T.useSettings }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText<HTMLTextAreaElement>('Prompt').value).toBe('a fox in the snow');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Negative Prompt').value).toBe('blurry');
    expect(screen.getByLabelText<HTMLInputElement>('Seed').value).toBe('77');
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toContain('FLUX Pro');
    expect(screen.getByRole('combobox', { name: 'Style' }).textContent).toContain('None');
    expect(screen.getByRole('combobox', { name: 'Aspect Ratio' }).textContent).toContain('Portrait 9:16');
    expect(screen.getByRole('combobox', { name: 'Format' }).textContent).toContain('WEBP');
  });

  it('downloads from the lightbox as image-{id}.{format}', async () => {
    const { user, cards } = setup({ pages: TWO_PAGES });
    await waitFor(() => expect(cards()).toHaveLength(8));
    const saved: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      vi.stubGlobal('fetch', async () => new Response(new Blob(['png'])));
      await user.click(cards()[0]!);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(saved).toEqual([`image-${imageId(1)}.png`]));
      expect(getToasts().at(-1)?.title).toBe(UI_TEXTS.gallery.imageDownloaded);
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });

  it('says ERROR_TEXTS.gallery.loadGalleryImages when the first page fails (with Try again), and ERROR_TEXTS.gallery.loadMoreImages for a later page', async () => {
    const { user, on, cards, gallery, observer, galleryRequests } = setup();
    on(ROUTES.images, () => json({ success: false, error: 'boom', code: 'INTERNAL' }, 500));
    window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
    await waitFor(() =>
      expect(getToasts().map((t) => t.title)).toContain(ERROR_TEXTS.gallery.loadGalleryImages),
    );
    const retry = await within(gallery()).findByRole('button', { name: UI_TEXTS.common.tryAgain });

    on(ROUTES.images, (request) =>
      queryOf(request).cursor
        ? json({ success: false, error: 'boom', code: 'INTERNAL' }, 500)
        : galleryReply(FIRST, 'cursor-8'),
    );
    await user.click(retry);
    await waitFor(() => expect(cards()).toHaveLength(8));
    await waitFor(() => {
      if (!galleryRequests().some((request) => queryOf(request).cursor)) observer.near();
      expect(getToasts().at(-1)?.title).toBe(ERROR_TEXTS.gallery.loadMoreImages);
    });
    expect(cards()).toHaveLength(8);
  });
});
