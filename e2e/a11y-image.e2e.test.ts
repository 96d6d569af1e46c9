// The accessibility sweep (docs/architecture.md#accessibility-sweep) of the image tools: Text to Image, the seven
// photo effects, Upscale and Edit a Region in their empty, busy, error and result state, and the Image to Image hub with its gallery empty,
// loading, failed and filled; axe at 1366 px and 390 px, a screenshot at both, no sideways scrolling at 320 px.
// Images come from the system's local fake of fal (and sharp, for the effects that run locally).
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import {
  ERROR_TEXTS,
  PHOTO_EFFECT_TOOL_IDS,
  UI_TEXTS,
  getTool,
  type PhotoEffectToolId,
} from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { bluishPhoto } from '@act/image/testing';
import {
  anyBusy,
  PROVIDER_FAILED_REPLY,
  signUpWithPlentyOfCredits,
  Sweep,
  SWEEP_TIMEOUT_MS,
  sweepTool,
  type ToolDriver,
} from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, useBrowser } from './support/fixtures';

const T = UI_TEXTS.textToImage;
const H = UI_TEXTS.hub;

const TEXT_TO_IMAGE: ToolDriver = {
  id: 'text-to-image',
  ready: (page) => page.getByLabel(T.promptLabel, { exact: true }).waitFor({ timeout: 15_000 }),
  async start(page) {
    await page.getByLabel(T.promptLabel, { exact: true }).fill('a lighthouse on a cliff at dawn');
    await page.getByRole('button', { name: T.generate }).click();
  },
  call: '**/api/image/text-to-image/generate-image',
  busy: anyBusy,
  async result(page) {
    const preview = page.getByRole('region', { name: T.previewTitle });
    await preview.getByRole('img', { name: T.previewAlt }).waitFor({ timeout: 60_000 });
    await preview.getByText(T.loadingImage).waitFor({ state: 'detached', timeout: 30_000 });
    await page
      .getByRole('region', { name: T.galleryTitle })
      .getByRole('button', { name: /^Open image: / })
      .first()
      .waitFor({ timeout: 15_000 });
  },
};

/** Waits until every image on the page has loaded, so the screenshot and the contrast checks see them. */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.images).every(
        (img) => img.loading === 'lazy' || (img.complete && img.naturalWidth > 0),
      ),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * A tool run on an uploaded photo (the photo effects, Upscale, Edit a Region): the photo is uploaded, `prepare` fills
 * in the rest, the button named `run` starts it, and the result is its After picture.
 */
function photoTool(
  id: PhotoEffectToolId | 'upscale' | 'edit-image',
  photo: Buffer,
  run: RegExp,
  prepare: (page: Page) => Promise<void> = async () => undefined,
): ToolDriver {
  return {
    id,
    ready: (page) => page.getByText(UI_TEXTS.photoTool.readyToTransform).waitFor({ timeout: 15_000 }),
    async start(page) {
      await page
        .getByLabel(/Drag and drop an image here/)
        .and(page.locator('input[type=file]'))
        .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByAltText('Preview of holiday.jpg').waitFor();
      await prepare(page);
      await page.getByRole('button', { name: run }).click();
    },
    call: id === 'edit-image' ? '**/api/image/edit' : `**/api/image/${id}`,
    busy: anyBusy,
    async result(page) {
      await page.getByAltText(`After: ${getTool(id).name} result`).waitFor({ timeout: 60_000 });
      await imagesLoaded(page);
    },
  };
}

function effect(id: PhotoEffectToolId, photo: Buffer): ToolDriver {
  return photoTool(id, photo, new RegExp(`^Run ${getTool(id).name}`), async (page) => {
    const field = page.locator('.ie-effect').getByRole('textbox');
    if ((await field.count()) > 0 && (await field.inputValue()) === '')
      await field.fill(id === 'background-change' ? 'a sunny beach' : 'happy');
  });
}

/** Upscale, and Edit a Region with a rectangle added to the mask from the keyboard. */
function imageTools(photo: Buffer): ToolDriver[] {
  return [
    photoTool('upscale', photo, /^Upscale \(/),
    photoTool('edit-image', photo, /^Edit Region \(/, async (page) => {
      await page.getByRole('application', { name: UI_TEXTS.editImage.canvasLabel }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel(UI_TEXTS.editImage.promptLabel).fill('a red umbrella');
    }),
  ];
}

/** The hub's gallery in its four states: loading (held), failed, empty, and with the effects' results. */
async function sweepHub(page: Page, sweep: Sweep, state: 'empty' | 'filled'): Promise<void> {
  const gallery = '**/api/image/generated-images?**';
  if (state === 'empty') {
    let held: (route: Route) => void = () => undefined;
    const heldRoute = new Promise<Route>((resolve) => (held = resolve));
    await page.route(gallery, (route) => held(route));
    await page.goto('/tools/image-to-image');
    const route = await heldRoute;
    await page.getByText(H.loadingMore).waitFor({ timeout: 15_000 });
    await sweep.check(page, 'image-to-image', 'busy');
    await route.fulfill(PROVIDER_FAILED_REPLY);
    await page.getByText(ERROR_TEXTS.gallery.loadGalleryImages).first().waitFor({ timeout: 15_000 });
    await sweep.check(page, 'image-to-image', 'error');
    await page.unroute(gallery);
    await goto(page, '/tools/image-to-image');
    await page.getByText(H.galleryEmpty).waitFor({ timeout: 15_000 });
    await sweep.check(page, 'image-to-image', 'empty');
  } else {
    await goto(page, '/tools/image-to-image');
    // The sweep's results (seven effects, Upscale, Edit a Region) are more than a page of 8: scroll to the end.
    await page.locator('.ie-gallery .img-card').first().waitFor({ timeout: 15_000 });
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await page.getByText(H.end).waitFor({ timeout: 15_000 });
    await imagesLoaded(page);
    await sweep.check(page, 'image-to-image', 'result');
  }
}

describe('accessibility sweep: image tools', () => {
  const browser = useBrowser();

  it(
    'finds no axe violation and no sideways scrolling in any state of any image tool',
    async () => {
      const sweep = new Sweep();
      const page = await browser.newPage({ width: 1366, height: 900 });
      await signUpWithPlentyOfCredits(page, uniqueEmail('a11y-image'));
      const photo = await openImage(await bluishPhoto(480, 320))
        .jpeg({ quality: 85 })
        .toBuffer();
      await sweepHub(page, sweep, 'empty');
      await sweepTool(page, sweep, TEXT_TO_IMAGE);
      for (const id of PHOTO_EFFECT_TOOL_IDS) await sweepTool(page, sweep, effect(id, photo));
      for (const tool of imageTools(photo)) await sweepTool(page, sweep, tool);
      await sweepHub(page, sweep, 'filled');
      console.log(sweep.report());
      expect(sweep.findings, sweep.report()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
