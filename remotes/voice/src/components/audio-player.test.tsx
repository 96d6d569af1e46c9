import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClip, recordDownloads } from '../test-support/voice-host';
import { AudioPlayer } from './audio-player';

afterEach(cleanup);
const saved = recordDownloads();

/** Gives the <audio> element a length, as the browser does once the file's header has loaded. */
function loadMetadata(audio: HTMLAudioElement, duration: number) {
  Object.defineProperty(audio, 'duration', { configurable: true, value: duration });
  fireEvent.loadedMetadata(audio);
}

function setup(original?: string) {
  const clip = makeClip('voice-isolator', { durationSeconds: null });
  const user = userEvent.setup();
  render(<AudioPlayer clip={clip} label="Result" original={original} compareLabel="Listen to" />);
  const region = screen.getByRole('region', { name: 'Result' });
  const audio = region.querySelector('audio')!;
  return { clip, user, region, audio };
}

describe('the voice audio player', () => {
  it('plays and pauses the result, shows its time and seeks', async () => {
    const { clip, user, region, audio } = setup();
    expect(audio.getAttribute('src')).toBe(clip.audioUrl);
    expect(within(region).getByText('0:00 / 0:00')).toBeTruthy();
    expect(within(region).getByRole('slider', { name: 'Seek' }).hasAttribute('disabled')).toBe(true);

    loadMetadata(audio, 75);
    expect(within(region).getByText('0:00 / 1:15')).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Play' }));
    expect(audio.paused).toBe(false);
    audio.currentTime = 12;
    fireEvent.timeUpdate(audio);
    expect(within(region).getByText('0:12 / 1:15')).toBeTruthy();

    fireEvent.change(within(region).getByRole('slider', { name: 'Seek' }), { target: { value: '61.5' } });
    expect(audio.currentTime).toBe(61.5);
    expect(within(region).getByText('1:01 / 1:15')).toBeTruthy();
    expect(within(region).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toBe(
      '1:01 / 1:15',
    );

    await user.click(within(region).getByRole('button', { name: 'Pause' }));
    expect(audio.paused).toBe(true);
    expect(within(region).getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it("downloads the stored file under the clip's spec name", async () => {
    const { clip, user, region } = setup();
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([0xff, 0xfb, 0x90]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await user.click(within(region).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual([clip.fileName]));
    expect(fetchMock).toHaveBeenCalledWith(clip.downloadUrl);
    expect(clip.fileName).toMatch(/^isolated-audio-\d+\.mp3$/);
  });

  it('says Failed to download audio file. when the file cannot be fetched', async () => {
    const { user, region } = setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 403 })),
    );
    await user.click(within(region).getByRole('button', { name: 'Download' }));
    expect((await within(region).findByRole('alert')).textContent).toBe('Failed to download audio file.');
    expect(saved).toEqual([]);
  });

  it('switches between the original (Before) and the result (After) at the same position, still playing', async () => {
    const { clip, user, region, audio } = setup('blob:original');
    const group = within(region).getByLabelText('Listen to');
    expect(within(group).getByRole('radio', { name: 'After' }).getAttribute('aria-checked')).toBe('true');
    loadMetadata(audio, 60);
    await user.click(within(region).getByRole('button', { name: 'Play' }));
    audio.currentTime = 20;

    await user.click(within(group).getByRole('radio', { name: 'Before' }));
    expect(audio.getAttribute('src')).toBe('blob:original');
    loadMetadata(audio, 60);
    expect(audio.currentTime).toBe(20);
    expect(audio.paused).toBe(false);

    await user.click(within(group).getByRole('radio', { name: 'After' }));
    expect(audio.getAttribute('src')).toBe(clip.audioUrl);
  });
});
