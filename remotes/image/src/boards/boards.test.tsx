// The gallery's boards and comparison in the browser (docs/product-rules.md#image-boards): the boards bar (new,
// show, rename, delete after confirming), an image's board menu (add, remove), comparing two chosen images with the
// labelled slider by keyboard, and a photo effect's result against its original on the hub.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, UI_TEXTS, type GeneratedImage } from '@act/contracts';
import { dismissToast, getToasts } from '@act/host-sdk';
import { createRoutedTestHost, json } from '@act/host-sdk/testing';
import { ImageHubPage } from '../pages/image-hub-page';
import { TextToImagePage } from '../pages/text-to-image-page';
import { routeFakeBoards } from '../test-support/fake-boards';
import {
  galleryImage,
  imageId,
  installFakeIntersectionObserver,
  queryOf,
  setupImageHost,
} from '../test-support/image-host';

const T = UI_TEXTS.imageBoards;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const item of getToasts()) dismissToast(item.id);
});

const IMAGES = [galleryImage(1), galleryImage(2), galleryImage(3)];

/** A photo effect's result, with its stored original. */
const result: GeneratedImage = {
  id: imageId(7),
  image_url: '/api/image/files/u/7.jpg?sig=i',
  thumbnail_url: '/api/image/files/u/7.thumb.webp?sig=t',
  download_url: '/api/image/files/u/7.jpg?sig=d',
  original_url: '/api/image/files/u/7.source.png?sig=o',
  positive_prompt: 'Cartoonify',
  tool_type: 'image-to-image',
  tool_id: 'cartoonify',
  created_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
  width: 640,
  height: 480,
};

function setup() {
  installFakeIntersectionObserver();
  const test = setupImageHost({ pages: { '': { images: IMAGES, next: null } } });
  const fake = routeFakeBoards(test);
  const user = userEvent.setup();
  render(<TextToImagePage host={test.host} />);
  const gallery = () => screen.getByRole('region', { name: UI_TEXTS.textToImage.galleryTitle });
  const bar = () => within(gallery()).getByRole('group', { name: T.boardsTitle });
  return { ...test, fake, user, gallery, bar };
}

async function newBoard(user: ReturnType<typeof userEvent.setup>, bar: () => HTMLElement, name: string) {
  await user.click(within(bar()).getByRole('button', { name: T.newBoard }));
  const dialog = await screen.findByRole('dialog', { name: T.createBoardTitle });
  await user.type(within(dialog).getByRole('textbox', { name: T.boardNameLabel }), name);
  await user.click(within(dialog).getByRole('button', { name: T.create }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('boards in the gallery', () => {
  it('makes a board, shows only its images, renames it, and deletes it after confirming', async () => {
    const { user, bar, fake, galleryRequests } = setup();
    await screen.findByRole('button', { name: 'Open image: prompt number 1' });
    await newBoard(user, bar, 'Seaside');
    expect(fake.boards().map((b) => b.name)).toEqual(['Seaside']);
    const id = fake.boards()[0]!.id;

    await user.click(within(bar()).getByRole('combobox', { name: T.boardFilterLabel }));
    await user.click(await screen.findByRole('option', { name: 'Seaside (0)' }));
    await waitFor(() => expect(queryOf(galleryRequests().at(-1)!)).toEqual({ board: id }));

    await user.click(within(bar()).getByRole('button', { name: T.renameBoard }));
    const rename = await screen.findByRole('dialog', { name: T.renameBoardTitle });
    const field = within(rename).getByRole('textbox', { name: T.boardNameLabel });
    expect((field as HTMLInputElement).value).toBe('Seaside');
    await user.clear(field);
    await user.type(field, 'Coast');
    await user.click(within(rename).getByRole('button', { name: T.save }));
    await waitFor(() => expect(fake.boards()[0]!.name).toBe('Coast'));

    await user.click(within(bar()).getByRole('button', { name: T.deleteBoard }));
    const confirm = await screen.findByRole('alertdialog', { name: T.deleteBoardTitle });
    expect(confirm.textContent).toContain(T.deleteBoardConfirm('Coast'));
    await user.click(within(confirm).getByRole('button', { name: UI_TEXTS.common.delete }));
    await waitFor(() => expect(fake.boards()).toEqual([]));
    // Back to all images: the images stay in the gallery.
    await waitFor(() => expect(queryOf(galleryRequests().at(-1)!)).toEqual({}));
    expect(screen.getAllByRole('button', { name: /^Open image: / })).toHaveLength(3);
  });

  it('says beside the field that a board needs a name, and sends nothing', async () => {
    const { user, bar, requestsTo } = setup();
    await user.click(within(bar()).getByRole('button', { name: T.newBoard }));
    const dialog = await screen.findByRole('dialog', { name: T.createBoardTitle });
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(within(dialog).getByText(ERROR_TEXTS.imageBoards.nameRequired)).toBeTruthy();
    expect(within(dialog).getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo('POST', '/api/image/boards')).toEqual([]);
  });

  it("lists the board's photo-effect results beside its images, each compared with its original", async () => {
    const { user, bar, on } = setup();
    await screen.findByRole('button', { name: 'Open image: prompt number 1' });
    await newBoard(user, bar, 'Mixed');
    on('GET /api/image/generated-images', (request) =>
      json({ success: true, images: queryOf(request).board ? [result] : [], hasMore: false }),
    );
    await user.click(within(bar()).getByRole('combobox', { name: T.boardFilterLabel }));
    await user.click(await screen.findByRole('option', { name: 'Mixed (0)' }));
    const section = await screen.findByRole('region', { name: T.boardResultsTitle });
    expect(within(section).getByRole('img', { name: 'Cartoonify' }).getAttribute('src')).toBe(
      result.thumbnail_url,
    );
    await user.click(within(section).getByRole('button', { name: `${T.compareWithOriginal}: Cartoonify` }));
    const dialog = await screen.findByRole('dialog', { name: T.compareOriginalTitle });
    expect(within(dialog).getByRole('img', { name: T.original }).getAttribute('src')).toBe(
      result.original_url,
    );
  });

  it('puts the box back and says why when the board refuses the image', async () => {
    const { user, bar, fake, on } = setup();
    await screen.findByRole('button', { name: 'Open image: prompt number 1' });
    await newBoard(user, bar, 'Full');
    const refusal = ERROR_TEXTS.imageBoards.boardFull;
    on(`POST /api/image/boards/${fake.boards()[0]!.id}/images`, () =>
      json({ success: false, error: refusal, code: 'VALIDATION_FAILED' }, 400),
    );
    await user.click(screen.getByRole('button', { name: T.boardsOf('prompt number 1') }));
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Full (0)' });
    await user.click(box);
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain(refusal));
    expect(box.checked).toBe(false);
    expect(document.activeElement).toBe(box);
  });

  it('puts an image on a board from its card and takes it off again', async () => {
    const { user, bar, fake, requestsTo } = setup();
    await screen.findByRole('button', { name: 'Open image: prompt number 1' });
    await newBoard(user, bar, 'Keep');
    await user.click(screen.getByRole('button', { name: T.boardsOf('prompt number 2') }));
    const menu = await screen.findByRole('dialog', { name: T.boardsOf('prompt number 2') });
    const box = within(menu).getByRole('checkbox', { name: 'Keep (0)' });
    await user.click(box);
    await waitFor(() => expect(fake.boards()[0]!.imageIds).toEqual([imageId(2)]));
    expect(requestsTo('POST', `/api/image/boards/${fake.boards()[0]!.id}/images`)[0]!.body).toEqual({
      imageId: imageId(2),
    });
    const ticked = await within(menu).findByRole('checkbox', { name: 'Keep (1)' });
    expect((ticked as HTMLInputElement).checked).toBe(true);
    await user.click(ticked);
    await waitFor(() => expect(fake.boards()[0]!.imageIds).toEqual([]));
  });
});

describe('comparing two images', () => {
  it('compares the two chosen images with a labelled slider moved by the keyboard, and side by side', async () => {
    const { user } = setup();
    await screen.findByRole('button', { name: 'Open image: prompt number 1' });
    const compare = screen.getByRole('button', { name: T.compare });
    expect(compare.getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: T.selectToCompare('prompt number 1') }));
    await user.click(screen.getByRole('checkbox', { name: T.selectToCompare('prompt number 3') }));
    expect(screen.getByText(T.compareSelected(2))).toBeTruthy();
    await user.click(compare);

    const dialog = await screen.findByRole('dialog', { name: T.compareTitle });
    const slider = within(dialog).getByRole('slider', { name: T.compareSlider });
    const images = within(dialog).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src')).sort()).toEqual(
      [IMAGES[0]!.image_path, IMAGES[2]!.image_path].sort(),
    );
    expect(slider.getAttribute('aria-valuetext')).toBe(`50% ${T.firstImage}, 50% ${T.secondImage}`);
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{PageDown}');
    expect(slider.getAttribute('aria-valuenow')).toBe('42');
    await user.keyboard('{End}');
    expect(slider.getAttribute('aria-valuenow')).toBe('100');

    await user.click(within(dialog).getByRole('radio', { name: UI_TEXTS.photoTool.sideBySideView }));
    expect(within(dialog).getByText(T.firstImage)).toBeTruthy();
    expect(within(dialog).getByText(T.secondImage)).toBeTruthy();
  });

  it('keeps two chosen: a third choice replaces the first', async () => {
    const { user } = setup();
    await screen.findByRole('button', { name: 'Open image: prompt number 1' });
    const box = (n: number) =>
      screen.getByRole<HTMLInputElement>('checkbox', { name: T.selectToCompare(`prompt number ${n}`) });
    await user.click(box(1));
    await user.click(box(2));
    await user.click(box(3));
    expect([box(1).checked, box(2).checked, box(3).checked]).toEqual([false, true, true]);
    await user.click(screen.getByRole('button', { name: T.clearSelection }));
    expect(screen.getByText(T.compareHint)).toBeTruthy();
  });
});

describe('a photo effect result against its original', () => {
  it('opens the comparison of the stored original and the result from the hub', async () => {
    installFakeIntersectionObserver();
    const test = createRoutedTestHost({ toolId: 'image-to-image' });
    test.on('GET /api/image/generated-images', () =>
      json({ success: true, images: [result], hasMore: false }),
    );
    const user = userEvent.setup();
    render(<ImageHubPage host={test.host} />);
    await user.click(await screen.findByRole('button', { name: `${T.compareWithOriginal}: Cartoonify` }));
    const dialog = await screen.findByRole('dialog', { name: T.compareOriginalTitle });
    expect(within(dialog).getByRole('img', { name: T.original }).getAttribute('src')).toBe(
      result.original_url,
    );
    expect(within(dialog).getByRole('img', { name: 'Cartoonify' }).getAttribute('src')).toBe(
      result.image_url,
    );
    expect(within(dialog).getByRole('slider').getAttribute('aria-valuetext')).toBe(
      `50% ${T.original}, 50% ${T.result}`,
    );
    // The hub reads boards only when a result's board menu opens.
    expect(test.requestsTo('GET', '/api/image/boards')).toEqual([]);
  });
});
