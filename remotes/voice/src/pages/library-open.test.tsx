// The library's way back to a clip (docs/product-rules.md#library-open): `?open=<id>` shows the member's stored clip
// in the tool's result area; an id the service answers 404 for (another member's, or deleted) or a clip of another
// voice tool shows the page's "not found" message and no clip.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIBRARY_TEXTS } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { makeClip, recordDownloads, voiceHost } from '../test-support/voice-host';
import { TextToSpeechPage } from './text-to-speech-page';

afterEach(() => {
  cleanup();
  window.history.replaceState({}, '', '/');
});
recordDownloads();

function open(reply: () => Response, id: string) {
  window.history.replaceState({}, '', `/tools/text-to-speech?open=${id}`);
  const test = voiceHost({ toolId: 'text-to-speech', routes: { [`GET /api/voice/history/${id}`]: reply } });
  render(<TextToSpeechPage host={test.host} />);
  return test;
}

describe('A voice clip opened from the library', () => {
  it("plays the member's stored clip in the result area", async () => {
    const clip = makeClip('text-to-speech', { text: 'Good morning' });
    open(() => json({ success: true, clip }), clip.id);
    const speech = screen.getByRole('region', { name: 'Speech' });
    expect(await within(speech).findByRole('region', { name: clip.fileName })).toBeTruthy();
    expect(screen.queryByText(LIBRARY_TEXTS.openMissing)).toBeNull();
  });

  it("says it cannot be found for another member's id, and shows no clip", async () => {
    const clip = makeClip('text-to-speech');
    open(() => json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404), clip.id);
    expect(await screen.findByText(LIBRARY_TEXTS.openMissing)).toBeTruthy();
    const speech = screen.getByRole('region', { name: 'Speech' });
    expect(within(speech).queryByRole('region', { name: clip.fileName })).toBeNull();
  });

  it("does not show another voice tool's clip here", async () => {
    const clip = makeClip('sound-effects');
    open(() => json({ success: true, clip }), clip.id);
    expect(await screen.findByText(LIBRARY_TEXTS.openMissing)).toBeTruthy();
  });
});
