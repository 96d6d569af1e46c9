// The library's way back to a picture (docs/product-rules.md#library-open): Text to Image's `?open=<id>` shows the
// member's stored image in the preview with its settings; an effect's shows its stored before/after with Download and
// Send to. Another member's id (the service's 404), or another effect's result, shows "not found" and no picture.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_TEXTS, UI_TEXTS, type GeneratedImage } from '@act/contracts';
import { createRoutedTestHost, json } from '@act/host-sdk/testing';
import { EFFECT_PAGES } from '../effects/effect-screen';
import {
  galleryImage,
  IMAGES_PATH,
  installFakeIntersectionObserver,
  setupImageHost,
} from '../test-support/image-host';
import { TextToImagePage } from './text-to-image-page';
import { UpscalePage } from './upscale-page';

const T = UI_TEXTS.textToImage;
const NOT_FOUND = () => json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404);

beforeEach(() => installFakeIntersectionObserver());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState({}, '', '/');
});

function textToImage(id: string, reply: () => Response) {
  window.history.replaceState({}, '', `/tools/text-to-image?open=${id}`);
  const test = setupImageHost();
  test.on(`GET ${IMAGES_PATH}/${id}`, reply);
  render(<TextToImagePage host={test.host} />);
  return test;
}

const effectResult = (overrides: Partial<GeneratedImage> = {}): GeneratedImage => ({
  id: '0b6f3c3e-4d2a-4b8e-9a57-3c1f2e9d8a10',
  image_url: '/api/image/files/u/result.jpg?sig=a',
  positive_prompt: 'Cartoonify',
  tool_type: 'image-to-image',
  created_at: '2026-11-20T09:00:00.000Z',
  tool_id: 'cartoonify',
  thumbnail_url: '/api/image/files/u/result.thumb.webp?sig=t',
  download_url: '/api/image/files/u/result.jpg?sig=d',
  original_url: '/api/image/files/u/input.jpg?sig=o',
  width: 640,
  height: 480,
  ...overrides,
});

function cartoonify(id: string, reply: () => Response) {
  window.history.replaceState({}, '', `/tools/cartoonify?open=${id}`);
  const test = createRoutedTestHost({ toolId: 'cartoonify' });
  test.on('GET /api/image/status', () => json({ success: true, available: true, effects: {} }));
  test.on(`GET /api/image/generated-images/${id}`, reply);
  const Page = EFFECT_PAGES.cartoonify;
  render(<Page host={test.host} />);
  return test;
}

describe('Text to Image opened from the library', () => {
  it('shows the stored picture in the preview, with the prompt it was made from', async () => {
    const image = galleryImage(7, { positive_prompt: 'A lighthouse at dusk' });
    textToImage(image.id, () => json({ success: true, image }));
    const shown = await screen.findByRole<HTMLImageElement>('img', { name: T.previewAlt });
    expect(shown.getAttribute('src')).toBe(image.image_path);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Prompt').value).toBe('A lighthouse at dusk');
  });

  it("says it cannot be found for another member's id, and shows no picture", async () => {
    const image = galleryImage(8);
    textToImage(image.id, NOT_FOUND);
    expect(await screen.findByText(LIBRARY_TEXTS.openMissing)).toBeTruthy();
    expect(screen.queryByRole('img', { name: T.previewAlt })).toBeNull();
  });
});

describe('A photo effect opened from the library', () => {
  it('shows its stored before and after, with Download and Send to', async () => {
    const result = effectResult();
    cartoonify(result.id, () => json({ success: true, image: result }));
    const after = await screen.findByAltText('After: Cartoonify result');
    expect(after.getAttribute('src')).toBe(result.image_url);
    expect(screen.getByAltText('Before: your photo').getAttribute('src')).toBe(result.original_url);
    const panel = screen.getByRole('region', { name: 'Result' });
    expect(within(panel).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: new RegExp(LIBRARY_TEXTS.sendTo) })).toBeTruthy();
  });

  it("shows nothing of another member's or another effect's result", async () => {
    const missing = effectResult();
    cartoonify(missing.id, NOT_FOUND);
    expect(await screen.findByText(LIBRARY_TEXTS.openMissing)).toBeTruthy();
    expect(screen.queryByAltText('After: Cartoonify result')).toBeNull();
    cleanup();
    const other = effectResult({ tool_id: 'baby-version' });
    cartoonify(other.id, () => json({ success: true, image: other }));
    expect(await screen.findByText(LIBRARY_TEXTS.openMissing)).toBeTruthy();
  });
});

describe('Upscale opened from the library', () => {
  it('shows its stored before and after; a result of another tool is not shown', async () => {
    const result = effectResult({ tool_id: 'upscale', positive_prompt: 'Upscale' });
    window.history.replaceState({}, '', `/tools/upscale?open=${result.id}`);
    const test = createRoutedTestHost({ toolId: 'upscale' });
    test.on('GET /api/image/status', () => json({ success: true, available: true }));
    test.on('GET /api/image/text-to-image/images', () =>
      json({ success: true, images: [], nextCursor: null }),
    );
    test.on(`GET /api/image/generated-images/${result.id}`, () => json({ success: true, image: result }));
    render(<UpscalePage host={test.host} />);
    const after = await screen.findByAltText('After: Upscale result');
    expect(after.getAttribute('src')).toBe(result.image_url);
    cleanup();
    const cartoon = effectResult();
    window.history.replaceState({}, '', `/tools/upscale?open=${cartoon.id}`);
    const again = createRoutedTestHost({ toolId: 'upscale' });
    again.on('GET /api/image/status', () => json({ success: true, available: true }));
    again.on('GET /api/image/text-to-image/images', () =>
      json({ success: true, images: [], nextCursor: null }),
    );
    again.on(`GET /api/image/generated-images/${cartoon.id}`, () => json({ success: true, image: cartoon }));
    render(<UpscalePage host={again.host} />);
    expect(await screen.findByText(LIBRARY_TEXTS.openMissing)).toBeTruthy();
    expect(screen.queryByAltText('After: Upscale result')).toBeNull();
  });
});
