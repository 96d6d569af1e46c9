// The Upscale and Edit a Region pages on the routed test host: what each says before anything is chosen (how this
// server upscales; that editing needs a provider key), the button's states and price, the request each sends (an
// upload or one of the member's images; the painted mask), and the result with Send to (the image tools).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_TEXTS,
  GALLERY_UPDATED_EVENT,
  getTool,
  LIBRARY_TEXTS,
  sendToPath,
  sendToTargets,
  UI_TEXTS,
  type ToolId,
} from '@act/contracts';
import { createRoutedTestHost, json, pngFile } from '@act/host-sdk/testing';
import { galleryImage, imageId } from '../test-support/image-host';
import { EditImagePage } from '../pages/edit-image-page';
import { UpscalePage } from '../pages/upscale-page';

const U = UI_TEXTS.upscale;
const E = UI_TEXTS.editImage;
const MASK_PNG = 'data:image/png;base64,bWFzaw==';

/** happy-dom loads no pictures: every Image reports 64×48 once its src is set. */
class LoadedImage {
  onload: (() => void) | null = null;
  naturalWidth = 64;
  naturalHeight = 48;
  set src(_url: string) {
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  vi.stubGlobal('Image', LoadedImage);
  // The mask export draws on a canvas happy-dom cannot render; its PNG is stood in for.
  const context = new Proxy({}, { get: () => () => undefined });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(MASK_PNG);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function result(width: number, height: number, extra: Record<string, unknown> = {}) {
  return json({
    success: true,
    id: imageId(900),
    processedImageUrl: '/api/image/files/u/result.jpg?exp=1&sig=a',
    originalImageUrl: '/api/image/files/u/input.png?exp=1&sig=b',
    downloadUrl: '/api/image/files/u/result.jpg?exp=1&sig=c&dl=upscale-1.jpg',
    width,
    height,
    remainingCredits: 45,
    ...extra,
  });
}

function setup(page: 'upscale' | 'edit-image', status: Record<string, unknown>, credits = 50) {
  const test = createRoutedTestHost({ toolId: page, credits });
  test.on('GET /api/image/status', () => json({ success: true, available: true, ...status }));
  test.on('GET /api/image/text-to-image/images', () =>
    json({ success: true, images: [galleryImage(1)], nextCursor: null }),
  );
  test.on('GET /api/image/generated-images', () => json({ success: true, images: [], hasMore: false }));
  const user = userEvent.setup({ applyAccept: false });
  const Page = page === 'upscale' ? UpscalePage : EditImagePage;
  render(<Page host={test.host} />);
  const upload = async (name = 'photo.png') => {
    const input = screen.getByLabelText<HTMLInputElement>(/Drag and drop an image here/, {
      selector: 'input',
    });
    await user.upload(input, pngFile(name));
    await screen.findByAltText(`Preview of ${name}`);
  };
  const runButton = () =>
    screen.getByRole('button', {
      name: /^(Upscale \(|Edit Region|Select an Image First|Insufficient Credits|Processing|Paint over)/,
    });
  return { ...test, user, upload, runButton };
}

/** Opens the result's Send to menu: its entries are the tools that take an image, without the one it came from. */
async function sendToMenuOf(user: ReturnType<typeof userEvent.setup>, from: ToolId): Promise<HTMLElement[]> {
  const resultPanel = await screen.findByRole('region', { name: UI_TEXTS.photoTool.result });
  await user.click(within(resultPanel).getByRole('button', { name: new RegExp(LIBRARY_TEXTS.sendTo) }));
  const items = await screen.findAllByRole('menuitem');
  expect(items.map((item) => item.textContent)).toEqual(
    sendToTargets('image', from).map((id) => getTool(id).name),
  );
  return items;
}

describe('Upscale page', () => {
  it('says it uses a standard upscale without a key, shows the result size and sends the upload at 2×', async () => {
    const { user, upload, runButton, on, requestsTo, onCreditsChange } = setup('upscale', {
      upscale: 'standard',
    });
    expect(await screen.findByText(U.standardNotice)).toBeTruthy();
    expect(runButton().textContent).toBe('Select an Image First');
    await upload();
    expect(await screen.findByText(U.outputSize(128, 96))).toBeTruthy();
    expect(runButton().textContent).toContain('Upscale (5 credits)');
    const updated = vi.fn();
    window.addEventListener(GALLERY_UPDATED_EVENT, updated);
    on('POST /api/image/upscale', () => result(128, 96, { method: 'standard' }));
    await user.click(runButton());
    const [call] = requestsTo('POST', '/api/image/upscale');
    expect(call!.body).toMatchObject({ scale: 2, toolName: 'upscale' });
    expect(String((call!.body as { image: string }).image)).toMatch(/^data:image\/png;base64,/);
    expect(await screen.findByText(`${U.resultSize(128, 96)} · ${U.standardLabel}`)).toBeTruthy();
    expect(onCreditsChange).toHaveBeenCalledWith(45);
    expect(updated).toHaveBeenCalledTimes(1);
    window.removeEventListener(GALLERY_UPDATED_EVENT, updated);
  });

  it("upscales one of the member's images by id at 4×, and says when a model is used", async () => {
    const { user, runButton, on, requestsTo } = setup('upscale', { upscale: 'model' });
    expect(await screen.findByText(U.modelNotice)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: UI_TEXTS.imageSource.yours }));
    await user.click(
      await screen.findByRole('radio', { name: UI_TEXTS.imageSource.pick('prompt number 1') }),
    );
    await user.click(screen.getByRole('radio', { name: '4×' }));
    expect(await screen.findByText(U.outputSize(256, 192))).toBeTruthy();
    on('POST /api/image/upscale', () => result(256, 192, { method: 'model' }));
    await user.click(runButton());
    expect(requestsTo('POST', '/api/image/upscale')[0]!.body).toEqual({
      from: imageId(1),
      scale: 4,
      toolName: 'upscale',
    });
    expect(await screen.findByText(`${U.resultSize(256, 192)} · ${U.modelLabel}`)).toBeTruthy();
  });

  it('sends the stored result on to the image tools (not Upscale itself), by its id', async () => {
    const { user, upload, runButton, on, navigate } = setup('upscale', { upscale: 'standard' });
    await upload();
    on('POST /api/image/upscale', () => result(128, 96, { method: 'standard' }));
    await user.click(runButton());
    const items = await sendToMenuOf(user, 'upscale');
    expect(items.map((item) => item.textContent)).not.toContain(getTool('upscale').name);
    await user.click(screen.getByRole('menuitem', { name: getTool('cartoonify').name }));
    expect(navigate).toHaveBeenCalledWith(sendToPath('cartoonify', imageId(900)));
  });
});

describe('Edit a Region page', () => {
  it('says before anything is typed that a provider key is needed, and cannot run', async () => {
    const { upload, runButton, user } = setup('edit-image', { editImage: false });
    expect(await screen.findByText(ERROR_TEXTS.image.editNeedsProviderKey)).toBeTruthy();
    await upload();
    const canvas = await screen.findByRole('application', { name: E.canvasLabel });
    canvas.focus();
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText(E.promptLabel), 'a red umbrella');
    expect(runButton().textContent).toContain('Edit Region (20 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('paints with the pointer, places a rectangle with the keyboard, undoes, and sends picture, mask and prompt', async () => {
    const { upload, runButton, user, on, requestsTo } = setup('edit-image', { editImage: true });
    await upload();
    const canvas = await screen.findByRole('application', { name: E.canvasLabel });
    expect(runButton().textContent).toBe(E.paintFirst);

    fireEvent.pointerDown(canvas, { button: 0, clientX: 5, clientY: 5, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 20, clientY: 12, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 20, clientY: 12, pointerId: 1 });
    expect(screen.getByText(E.maskStrokes(1))).toBeTruthy();

    canvas.focus();
    await user.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    // 64×48: a step is 2 px (a twentieth of 48, rounded); the rectangle starts at 24,18 16×12.
    expect(screen.getByText(E.rectangleStatus(26, 18, 16, 14))).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(screen.getByText(E.maskStrokes(2))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: E.undo }));
    expect(screen.getByText(E.maskStrokes(1))).toBeTruthy();

    await user.type(screen.getByLabelText(E.promptLabel), '  a red umbrella ');
    on('POST /api/image/edit', () => result(64, 48, { remainingCredits: 30 }));
    await user.click(runButton());
    const [call] = requestsTo('POST', '/api/image/edit');
    expect(call!.body).toMatchObject({ mask: MASK_PNG, prompt: 'a red umbrella', toolName: 'edit-image' });
    expect(String((call!.body as { image: string }).image)).toMatch(/^data:image\/png;base64,/);
    const resultPanel = await screen.findByRole('region', { name: UI_TEXTS.photoTool.result });
    expect(within(resultPanel).getByRole('button', { name: 'Download' })).toBeTruthy();
    // The edited picture goes on like any image, Upscale included.
    const items = await sendToMenuOf(user, 'edit-image');
    expect(items.map((item) => item.textContent)).toContain(getTool('upscale').name);
  });

  it('clears the mask, and shows the server refusal in its words', async () => {
    const { upload, runButton, user, on } = setup('edit-image', { editImage: true });
    await upload();
    const canvas = await screen.findByRole('application', { name: E.canvasLabel });
    canvas.focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: E.clear }));
    expect(screen.getByText(E.maskStrokes(0))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: E.addRectangle }));
    await user.type(screen.getByLabelText(E.promptLabel), 'sky');
    const text = ERROR_TEXTS.image.editMaskSizeMismatch('32×24 px', '64×48 px');
    on('POST /api/image/edit', () => json({ success: false, code: 'VALIDATION_FAILED', error: text }, 400));
    await user.click(runButton());
    await waitFor(() => expect(screen.getByText(text)).toBeTruthy());
  });
});
