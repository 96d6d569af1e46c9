import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_TEXTS,
  GALLERY_UPDATED_EVENT,
  UI_TEXTS,
  type RunImage,
  type TextToImageDoneEvent,
} from '@act/contracts';
import { getToasts, dismissToast } from '@act/host-sdk';
import { json } from '@act/host-sdk/testing';
import { imageId, installFakeIntersectionObserver, ROUTES, setupImageHost } from '../test-support/image-host';
import { TextToImagePage } from './text-to-image-page';

const T = UI_TEXTS.textToImage;

beforeEach(() => {
  installFakeIntersectionObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const item of getToasts()) dismissToast(item.id);
});

function setup(options: Parameters<typeof setupImageHost>[0] = {}) {
  const test = setupImageHost(options);
  const user = userEvent.setup();
  render(<TextToImagePage host={test.host} />);
  const promptField = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
  const negativeField = () => screen.getByLabelText<HTMLTextAreaElement>('Negative Prompt');
  const seedField = () => screen.getByLabelText<HTMLInputElement>('Seed');
  const runButton = () =>
    screen.getByRole('button', {
      name: /Generate (Image|\d Images) \(\d+ credits\)|Insufficient Credits|Processing/,
    });
  const combo = (name: string) => screen.getByRole('combobox', { name });
  return { ...test, user, promptField, negativeField, seedField, runButton, combo };
}

function runImage(n: number, overrides: Partial<RunImage> = {}): RunImage {
  const id = imageId(n);
  return {
    id,
    imagePath: `/api/image/files/owner/${id}.png?exp=1&sig=a`,
    thumbnailPath: `/api/image/files/owner/${id}.thumb.webp?exp=1&sig=b`,
    downloadPath: `/api/image/files/owner/${id}.png?exp=1&sig=c&download=1`,
    seed: 424242,
    width: 1024,
    height: 1024,
    imageFormat: 'png',
    ...overrides,
  };
}

function doneEvent(
  overrides: Partial<Omit<TextToImageDoneEvent, 'images'>> = {},
  more: RunImage[] = [],
): TextToImageDoneEvent {
  const { remainingCredits = 30, type: _type, ...first } = overrides;
  const image = runImage(77, first);
  return { type: 'done', ...image, images: [image, ...more], remainingCredits };
}

const preview = () => screen.getByRole('region', { name: T.previewTitle });

describe('Text to Image settings', () => {
  it('opens with the spec defaults: first model, photorealistic, square, PNG, random seed, empty counters', async () => {
    const { combo, seedField, runButton } = setup();
    expect(combo('Model').textContent).toContain('Imagen 4 Preview');
    expect(combo('Style').textContent).toContain('Photorealistic');
    expect(combo('Aspect Ratio').textContent).toContain('Square 1:1');
    expect(combo('Format').textContent).toContain('PNG');
    expect(seedField().value).toBe('');
    expect(screen.getByText('0/1000')).toBeTruthy();
    expect(screen.getByText('0/200')).toBeTruthy();
    expect(runButton().textContent).toBe('Generate Image (20 credits)');
    expect(within(preview()).getByText(T.previewPlaceholder)).toBeTruthy();
    await screen.findByText(T.galleryEmpty);
  });

  it('lists the eight models, thirteen styles, four aspect ratios and three formats', async () => {
    const { user, combo } = setup();
    const optionsOf = async (name: string) => {
      await user.click(combo(name));
      const texts = (await screen.findAllByRole('option')).map((o) => o.textContent);
      await user.keyboard('{Escape}');
      return texts;
    };
    expect(await optionsOf('Model')).toEqual([
      'Imagen 4 Preview',
      'Stable Diffusion v3.5 Large',
      'FLUX Pro',
      'Seedream v3',
      'FLUX Schnell',
      'FLUX Pro Max',
      'Imagen 4 Ultra',
      'Ideogram v3',
    ]);
    expect(await optionsOf('Style')).toHaveLength(13);
    expect(await optionsOf('Aspect Ratio')).toEqual([
      'Square 1:1',
      'Portrait 9:16',
      'Landscape 16:9',
      'Widescreen 21:9',
    ]);
    expect(await optionsOf('Format')).toEqual(['PNG', 'JPG', 'WEBP']);
  });

  it('counts the characters of the prompt and negative prompt as they are typed', async () => {
    const { user, promptField, negativeField } = setup();
    await user.type(promptField(), 'a red fox');
    await user.type(negativeField(), 'blurry');
    expect(screen.getByText('9/1000')).toBeTruthy();
    expect(screen.getByText('6/200')).toBeTruthy();
  });

  it('asks for a prompt, refuses a too-long prompt, negative prompt or a bad seed in the spec words, and calls nothing', async () => {
    const { user, promptField, negativeField, seedField, runButton, requestsTo } = setup();
    await user.click(runButton());
    expect(screen.getByText('Please enter a prompt')).toBeTruthy();

    await user.click(promptField());
    await user.paste('x'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeTruthy();
    await user.click(runButton());
    expect(screen.getByText(ERROR_TEXTS.validation.promptTooLong)).toBeTruthy();

    await user.clear(promptField());
    await user.type(promptField(), 'a fox');
    await user.click(negativeField());
    await user.paste('n'.repeat(201));
    await user.type(seedField(), '12.5');
    await user.click(runButton());
    expect(screen.getByText(ERROR_TEXTS.validation.negativePromptTooLong)).toBeTruthy();
    expect(screen.getByText(ERROR_TEXTS.validation.seedInvalid)).toBeTruthy();
    expect(requestsTo('POST', '/api/image/text-to-image/generate-image')).toHaveLength(0);
  });

  it('says that a provider key is needed before the member types, and does not let Generate run', async () => {
    const { runButton } = setup({ available: false });
    expect(await screen.findByText(ERROR_TEXTS.image.providerKeyMissing)).toBeTruthy();
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('below 20 credits shows Insufficient Credits and the spec text', async () => {
    const { runButton } = setup({ credits: 19 });
    expect(runButton().textContent).toBe('Insufficient Credits');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(
      await screen.findByText('Insufficient credits. 20 credits required to generate an image.'),
    ).toBeTruthy();
  });
});

describe('Text to Image: several images per run', () => {
  const chooseCount = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
    await user.click(screen.getByRole('combobox', { name: T.numImagesLabel }));
    await user.click(await screen.findByRole('option', { name: label }));
  };

  it('prices the button by the count and sends numImages', async () => {
    const { user, promptField, runButton, requestsTo } = setup({ credits: 100 });
    expect(runButton().textContent).toContain('Generate Image (20 credits)');
    await chooseCount(user, '3 images');
    expect(runButton().textContent).toContain('Generate 3 Images (60 credits)');
    await user.type(promptField(), 'three foxes');
    await user.click(runButton());
    expect(requestsTo('POST', '/api/image/text-to-image/generate-image')[0]!.body).toMatchObject({
      prompt: 'three foxes',
      numImages: 3,
    });
  });

  it('refuses a count the balance cannot cover, in its own words', async () => {
    const { user, runButton } = setup({ credits: 50 });
    await chooseCount(user, '3 images');
    expect(runButton().textContent).toBe('Insufficient Credits');
    expect(await screen.findByText(ERROR_TEXTS.image.insufficientCreditsImages(3, 60))).toBeTruthy();
  });

  it('shows every image of the run to choose from, and says when fewer came back (refunded)', async () => {
    const { user, promptField, runButton, stream } = setup({ credits: 100 });
    await chooseCount(user, '3 images');
    await user.type(promptField(), 'three foxes');
    await user.click(runButton());
    stream.send(doneEvent({ remainingCredits: 60 }, [runImage(78)]));
    stream.close();
    const runs = await screen.findByRole('region', { name: T.resultsTitle });
    const second = within(runs).getByRole('button', { name: T.showResult(2, 2) });
    expect(
      within(runs)
        .getByRole('button', { name: T.showResult(1, 2) })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(runs).getByText(T.fewerImages(2, 3, 20))).toBeTruthy();
    await user.click(second);
    const image = within(preview()).getByRole<HTMLImageElement>('img', { name: T.previewAlt });
    expect(image.getAttribute('src')).toBe(runImage(78).imagePath);
    expect(second.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('Text to Image generation', () => {
  it('streams queue and render progress into the bar, then shows the image under a loading overlay until it has loaded', async () => {
    const { user, promptField, runButton, stream, requests, requestsTo, onCreditsChange, galleryRequests } =
      setup();
    await screen.findByText(T.galleryEmpty);
    const galleryLoads = galleryRequests().length;
    const updated = vi.fn();
    window.addEventListener(GALLERY_UPDATED_EVENT, updated);

    await user.type(promptField(), '  a lighthouse at dawn ');
    await user.click(runButton());
    const [call] = requestsTo('POST', '/api/image/text-to-image/generate-image');
    expect(call!.headers.accept).toBe('text/event-stream');
    expect(call!.body).toEqual({
      model: 'imagen-4-preview',
      prompt: 'a lighthouse at dawn',
      style: 'photorealistic',
      aspectRatio: 'square',
      imageFormat: 'png',
      toolName: 'text-to-image',
    });
    expect(runButton().textContent).toContain('Processing...');
    expect(promptField().disabled).toBe(true);
    const bar = screen.getByRole('progressbar', { name: T.progressLabel });

    stream.send({ type: 'progress', status: 'IN_QUEUE', queuePosition: 2 });
    expect(await within(preview()).findByText(/Waiting in the queue \(2 ahead\)/)).toBeTruthy();
    stream.send({ type: 'progress', status: 'IN_PROGRESS', percentage: 40 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(within(preview()).getByText(/Generating image/)).toBeTruthy();
    // The provider's figure stays below the cap until the image is done.
    stream.send({ type: 'progress', status: 'IN_PROGRESS', percentage: 99 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('90'));
    expect(onCreditsChange).not.toHaveBeenCalled();

    stream.send(doneEvent());
    stream.close();
    const image = await within(preview()).findByRole<HTMLImageElement>('img', { name: T.previewAlt });
    expect(image.getAttribute('src')).toBe(doneEvent().imagePath);
    expect(onCreditsChange).toHaveBeenCalledWith(30);
    expect(updated).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(galleryRequests().length).toBeGreaterThan(galleryLoads));
    // Loaded? Not yet: the overlay and the full bar stay.
    expect(within(preview()).getByText(T.loadingImage)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: T.progressLabel }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(screen.getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(true);

    fireEvent.load(image);
    await waitFor(() => expect(within(preview()).queryByText(T.loadingImage)).toBeNull());
    expect(screen.queryByRole('progressbar', { name: T.progressLabel })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(false);
    expect(runButton().textContent).toBe('Generate Image (20 credits)');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    window.removeEventListener(GALLERY_UPDATED_EVENT, updated);
  });

  it('moves the bar by itself (random steps, never past 90) while the provider reports no percentage', async () => {
    const { user, promptField, runButton, stream } = setup();
    await user.type(promptField(), 'a fox');
    await user.click(runButton());
    const bar = screen.getByRole('progressbar', { name: T.progressLabel });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBe(0);
    stream.send({ type: 'progress', status: 'IN_QUEUE' });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0), {
      timeout: 5000,
    });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(90);
    stream.close();
  });

  it('sends the chosen settings: no style for None, the trimmed negative prompt, the seed, the model, aspect and format', async () => {
    const { user, promptField, negativeField, seedField, runButton, combo, requestsTo, stream } = setup();
    const choose = async (name: string, option: string) => {
      await user.click(combo(name));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Model', 'FLUX Schnell');
    await choose('Style', 'None');
    await choose('Aspect Ratio', 'Widescreen 21:9');
    await choose('Format', 'WEBP');
    await user.type(promptField(), 'a canyon');
    await user.type(negativeField(), ' text, watermark ');
    await user.type(seedField(), '31337');
    await user.click(runButton());
    expect(requestsTo('POST', '/api/image/text-to-image/generate-image')[0]!.body).toEqual({
      model: 'flux-schnell',
      prompt: 'a canyon',
      negativePrompt: 'text, watermark',
      aspectRatio: 'widescreen',
      imageFormat: 'webp',
      seed: 31337,
      toolName: 'text-to-image',
    });
    stream.close();
  });

  it('Regenerate sends the same request again with the seed the image was made with', async () => {
    const test = setup();
    const { user, promptField, runButton, requestsTo, on } = test;
    await user.type(promptField(), 'a fox');
    await user.click(runButton());
    test.stream.send(doneEvent({ seed: 987654 }));
    test.stream.close();
    const regenerate = await screen.findByRole('button', { name: 'Regenerate' });
    // The member edits the panel afterwards: Regenerate still repeats what made the image.
    await user.type(promptField(), ' in snow');
    const { fakeEventStream } = await import('@act/host-sdk/testing');
    const second = fakeEventStream();
    on(ROUTES.generate, () => second.response);
    await user.click(regenerate);
    const calls = requestsTo('POST', '/api/image/text-to-image/generate-image');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ ...(calls[0]!.body as object), seed: 987654 });
    expect((calls[0]!.body as { seed?: number }).seed).toBeUndefined();
    second.close();
  });

  it('zooms from 25% to 300% in steps of 25% and resets to 100%, from the keyboard, keeping focus at the limits', async () => {
    const { user, promptField, runButton, stream } = setup();
    await user.type(promptField(), 'a fox');
    await user.click(runButton());
    stream.send(doneEvent());
    stream.close();
    const image = await within(preview()).findByRole<HTMLImageElement>('img', { name: T.previewAlt });
    const level = () => screen.getByLabelText(T.zoomLevel).textContent;
    const zoomIn = () => screen.getByRole('button', { name: T.zoomIn });
    const zoomOut = () => screen.getByRole('button', { name: T.zoomOut });
    const reset = () => screen.getByRole('button', { name: T.resetZoom });
    const unavailable = (button: HTMLElement) => button.getAttribute('aria-disabled') === 'true';
    expect(level()).toBe('100%');
    expect(unavailable(reset())).toBe(true);
    await user.click(zoomIn());
    expect(level()).toBe('125%');
    expect(image.style.width).toBe('125%');
    zoomIn().focus();
    for (let i = 0; i < 10; i++) await user.keyboard('{Enter}');
    expect(level()).toBe('300%');
    expect(unavailable(zoomIn())).toBe(true);
    // At the limit the button says so and keeps the focus; pressing it again changes nothing.
    expect(document.activeElement).toBe(zoomIn());
    await user.keyboard(' ');
    expect(level()).toBe('300%');
    await user.tab();
    expect(document.activeElement).toBe(reset());
    await user.keyboard('{Enter}');
    expect(level()).toBe('100%');
    expect(document.activeElement).toBe(reset());
    zoomOut().focus();
    for (let i = 0; i < 4; i++) await user.keyboard('{Enter}');
    expect(level()).toBe('25%');
    expect(unavailable(zoomOut())).toBe(true);
    expect(document.activeElement).toBe(zoomOut());
  });

  it('downloads the image as image-{id}.{format} and says "Image downloaded!"; a failed download says so', async () => {
    const { user, promptField, runButton, stream } = setup();
    await user.type(promptField(), 'a fox');
    await user.click(runButton());
    stream.send(doneEvent({ imageFormat: 'jpg' }));
    stream.close();
    fireEvent.load(await within(preview()).findByRole('img', { name: T.previewAlt }));
    const saved: string[] = [];
    const fetched: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      vi.stubGlobal('fetch', async (url: string) => {
        fetched.push(url);
        return new Response(new Blob(['jpeg']));
      });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(saved).toEqual([`image-${imageId(77)}.jpg`]));
      expect(fetched).toEqual([doneEvent().downloadPath]);
      expect(getToasts().map((t) => [t.title, t.variant])).toEqual([['Image downloaded!', 'success']]);

      vi.stubGlobal('fetch', async () => new Response('', { status: 403 }));
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(getToasts().at(-1)?.title).toBe('Failed to download image'));
      expect(saved).toHaveLength(1);
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });

  it("shows the stream's error event and keeps the balance (nothing charged)", async () => {
    const { user, promptField, runButton, stream, onCreditsChange } = setup();
    await user.type(promptField(), 'a fox');
    await user.click(runButton());
    stream.send({ type: 'error', error: ERROR_TEXTS.image.generationTimedOut, code: 'PROVIDER_FAILED' });
    stream.close();
    expect(await screen.findByText(ERROR_TEXTS.image.generationTimedOut)).toBeTruthy();
    expect(onCreditsChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar', { name: T.progressLabel })).toBeNull();
    expect(within(preview()).getByText(T.previewPlaceholder)).toBeTruthy();
  });

  it("shows the server's refusal (402) in its words, or the spec's fallback when no answer comes", async () => {
    const { user, promptField, runButton, on } = setup();
    on(ROUTES.generate, () =>
      json(
        {
          success: false,
          error: ERROR_TEXTS.validation.insufficientCreditsTextToImage,
          code: 'INSUFFICIENT_CREDITS',
        },
        402,
      ),
    );
    await user.type(promptField(), 'a fox');
    await user.click(runButton());
    expect(await screen.findByText(ERROR_TEXTS.validation.insufficientCreditsTextToImage)).toBeTruthy();
    on(ROUTES.generate, () => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(runButton());
    expect(await screen.findByText('Failed to generate image')).toBeTruthy();
  });
});
