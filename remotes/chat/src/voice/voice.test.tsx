// Dictation in a message box and Read aloud on answers, on the routed test host (real API client, fake gateway) with
// the browser's microphone and audio playback faked at their edges.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_VOICE_TEXTS, notAvailableWithoutProviderKey } from '@act/contracts';
import { createRoutedTestHost, json, type RoutedTestHost } from '@act/host-sdk/testing';
import { Composer } from '../components/composer';
import { ReadAloudButton } from './read-aloud';
import { ChatVoiceProvider } from './voice-context';

const T = CHAT_VOICE_TEXTS;

class FakeRecorder {
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  /** What stop() hands over; empty as when stopped before the microphone gave any sound. */
  static recorded: Uint8Array = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]);
  constructor() {
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Blob([FakeRecorder.recorded as BlobPart], { type: 'audio/webm' });
    if (data.size > 0) this.ondataavailable?.({ data });
    this.onstop?.();
  }
}

const toolStatus = { available: true, engine: 'local', acceptedAudio: [], note: null };
const status = (available: boolean) => () =>
  json({
    success: true,
    tools: {
      'text-to-speech': toolStatus,
      'speech-to-speech': toolStatus,
      'sound-effects': toolStatus,
      'voice-isolator': toolStatus,
      transcribe: {
        available,
        engine: available ? 'elevenlabs' : null,
        acceptedAudio: [],
        note: available ? null : notAvailableWithoutProviderKey('Dictation'),
      },
    },
  });

const clipOf = (audioUrl: string) => ({
  id: '5f0c2a4e-8b1d-4c3e-9f2a-7b6c5d4e3f21',
  tool: 'text-to-speech',
  createdAt: '2026-11-29T12:00:00.000Z',
  audioUrl,
  downloadUrl: audioUrl,
  fileName: 'speech-20261129.mp3',
  sourceUrl: null,
  text: 'x',
  voiceId: 'en-us',
  voiceName: 'English',
  durationSeconds: 1,
  engine: 'local',
});

let played: HTMLMediaElement[];
beforeEach(() => {
  played = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: async () => ({ getTracks: () => [{ stop: () => undefined }] }) },
  });
  FakeRecorder.recorded = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  // jsdom does not play media: play marks the element as playing, pause as paused, as a browser would.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    played.push(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ComposerOnPage({ test, initial }: { test: RoutedTestHost; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <ChatVoiceProvider host={test.host}>
      <Composer
        value={value}
        onChange={setValue}
        onSend={() => undefined}
        onStop={() => undefined}
        streaming={false}
        blocked={false}
        cost={2}
      />
    </ChatVoiceProvider>
  );
}

function dictationHost(available = true) {
  return createRoutedTestHost({
    toolId: 'chat-agent',
    routes: {
      'GET /api/voice/status': status(available),
      'POST /api/voice/transcribe': () =>
        json({ success: true, text: 'from the microphone', remainingCredits: 47 }),
    },
  });
}

describe('Dictate in the message box', () => {
  it('records with the time shown, then puts the text in at the cursor and updates the balance', async () => {
    const test = dictationHost();
    const user = userEvent.setup();
    render(<ComposerOnPage test={test} initial="Hello world" />);
    const box = screen.getByRole('textbox');
    const dictate = await screen.findByRole('button', { name: T.dictate });
    await vi.waitFor(() => expect(test.requestsTo('GET', '/api/voice/status')).toHaveLength(1));
    (box as HTMLTextAreaElement).setSelectionRange(5, 5);
    await user.click(dictate);
    const stop = await screen.findByRole('button', { name: /Stop recording \(0:00\)/ });
    await user.click(stop);
    await vi.waitFor(() =>
      expect((box as HTMLTextAreaElement).value).toBe('Hello from the microphone world'),
    );
    const sent = test.requestsTo('POST', '/api/voice/transcribe');
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { audio: string }).audio).toMatch(/^data:audio\/webm;base64,/);
    expect(test.onCreditsChange).toHaveBeenCalledWith(47);
    expect(screen.getByRole('button', { name: T.dictate }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the refusal text when the recording cannot be used', async () => {
    const test = dictationHost();
    test.on('POST /api/voice/transcribe', () =>
      json({ success: false, error: 'Please select a valid audio file', code: 'VALIDATION_FAILED' }, 400),
    );
    const user = userEvent.setup();
    render(<ComposerOnPage test={test} initial="" />);
    await vi.waitFor(() => expect(test.requestsTo('GET', '/api/voice/status')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: T.dictate }));
    await user.click(await screen.findByRole('button', { name: /Stop recording/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a valid audio file');
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
  });

  it('sends nothing and says so when the recording stopped before any sound came', async () => {
    const test = dictationHost();
    FakeRecorder.recorded = new Uint8Array(0);
    const user = userEvent.setup();
    render(<ComposerOnPage test={test} initial="" />);
    await vi.waitFor(() => expect(test.requestsTo('GET', '/api/voice/status')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: T.dictate }));
    await user.click(await screen.findByRole('button', { name: /Stop recording/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(T.nothingRecorded);
    expect(test.requestsTo('POST', '/api/voice/transcribe')).toHaveLength(0);
    expect(screen.getByRole('button', { name: T.dictate }).hasAttribute('disabled')).toBe(false);
  });

  it('is disabled with the reason as its description when the server has no speech-to-text provider', async () => {
    const test = dictationHost(false);
    render(<ComposerOnPage test={test} initial="" />);
    const dictate = screen.getByRole('button', { name: T.dictate });
    await vi.waitFor(() => expect(dictate.hasAttribute('disabled')).toBe(true));
    const description = document.getElementById(dictate.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe(notAvailableWithoutProviderKey('Dictation'));
  });

  it('says why when the microphone is refused', async () => {
    const test = dictationHost();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    const user = userEvent.setup();
    render(<ComposerOnPage test={test} initial="" />);
    await user.click(screen.getByRole('button', { name: T.dictate }));
    expect((await screen.findByRole('alert')).textContent).toBe(T.microphoneDenied);
  });
});

describe('Read aloud', () => {
  it('makes speech once with the Text to Speech tool, plays it in place, and one answer playing pauses the other', async () => {
    let made = 0;
    const test = createRoutedTestHost({
      toolId: 'chat-agent',
      routes: {
        'GET /api/voice/status': status(true),
        'GET /api/voice/voices': () =>
          json({
            success: true,
            engine: 'local',
            voices: [{ id: 'en-us', name: 'English', previewUrl: null, language: null }],
          }),
        'POST /api/voice/text-to-speech': () => {
          made += 1;
          return json({
            success: true,
            audioUrl: `/api/voice/files/speech-${made}.mp3`,
            clip: clipOf(`/api/voice/files/speech-${made}.mp3`),
            remainingCredits: 100 - 30 * made,
          });
        },
      },
    });
    const user = userEvent.setup();
    render(
      <ChatVoiceProvider host={test.host}>
        <section aria-label="first">
          <ReadAloudButton text="The **first** answer." />
        </section>
        <section aria-label="second">
          <ReadAloudButton text={'The second answer.\n```js\nconsole.log(1)\n```'} />
        </section>
      </ChatVoiceProvider>,
    );
    const first = within(screen.getByRole('region', { name: 'first' }));
    const second = within(screen.getByRole('region', { name: 'second' }));
    await user.click(first.getByRole('button', { name: T.readAloud }));
    const firstAudio = await first.findByTestId('read-aloud-audio');
    await vi.waitFor(() => expect((firstAudio as HTMLAudioElement).paused).toBe(false));
    expect(firstAudio.getAttribute('src')).toBe('/api/voice/files/speech-1.mp3');
    const sent = test.requestsTo('POST', '/api/voice/text-to-speech');
    expect(sent[0]!.body).toEqual({ text: 'The first answer.', voiceId: 'en-us' });

    await user.click(second.getByRole('button', { name: T.readAloud }));
    const secondAudio = await second.findByTestId('read-aloud-audio');
    await vi.waitFor(() => expect((secondAudio as HTMLAudioElement).paused).toBe(false));
    expect((firstAudio as HTMLAudioElement).paused).toBe(true);
    // Code is not read out.
    expect(test.requestsTo('POST', '/api/voice/text-to-speech')[1]!.body).toEqual({
      text: 'The second answer.',
      voiceId: 'en-us',
    });
    expect(test.onCreditsChange).toHaveBeenLastCalledWith(40);

    // Playing the first again costs nothing more: the speech is kept.
    await user.click(first.getByRole('button', { name: T.readAloud }));
    await vi.waitFor(() => expect((secondAudio as HTMLAudioElement).paused).toBe(true));
    expect(test.requestsTo('POST', '/api/voice/text-to-speech')).toHaveLength(2);
  });
});
