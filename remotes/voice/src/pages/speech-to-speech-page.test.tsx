import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceStreamEvent } from '@act/contracts';
import { FakeMicrophone, fakeEventStream } from '@act/host-sdk/testing';
import { ROUTES, makeClip, mp3File, recordDownloads, voiceHost } from '../test-support/voice-host';
import { SpeechToSpeechPage } from './speech-to-speech-page';

afterEach(cleanup);
recordDownloads();

const JOB_ID = '44444444-4444-4444-8444-444444444444';

let mic: FakeMicrophone;
beforeEach(() => {
  mic = new FakeMicrophone();
  mic.install();
});

function setup(options: Omit<Parameters<typeof voiceHost>[0], 'toolId'> = {}) {
  const test = voiceHost({ toolId: 'speech-to-speech', ...options });
  const user = userEvent.setup();
  render(<SpeechToSpeechPage host={test.host} />);
  const runButton = () =>
    screen.getByRole('button', { name: /Convert Voice \(5 credits\)|Insufficient Credits|Processing/ });
  return { ...test, user, runButton };
}

describe('Speech to Speech screen', () => {
  it('records from the microphone with a level meter, then sends the take in the chosen voice and plays the result', async () => {
    const { user, runButton, on, requestsTo, onCreditsChange } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    expect(runButton().hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText(/Recording\.\.\. 0:0\d/)).toBeTruthy();
    const meter = screen.getByRole('meter', { name: 'Microphone level' });
    // A loud signal (full-scale square wave) fills the meter.
    mic.samples = Uint8Array.from({ length: 1024 }, (_, i) => (i % 2 ? 255 : 0));
    await vi.waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('100'));

    await user.click(screen.getByRole('button', { name: 'Stop Recording' }));
    expect(mic.stopped).toBe(1);
    expect(screen.queryByRole('meter')).toBeNull();
    expect(await screen.findByText(/^recording-\d+\.webm$/)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Domi/ }));
    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.speechToSpeech, () => stream.response);
    await user.click(runButton());
    await screen.findByRole('button', { name: /Processing/ });
    const body = requestsTo('POST', '/api/voice/speech-to-speech')[0]!.body as Record<string, string>;
    expect(body.voiceId).toBe('voice-domi');
    expect(body.toolName).toBe('speech-to-speech');
    // The bare type (no codecs parameter), as the data URL rule wants it.
    expect(body.audioFile).toMatch(/^data:audio\/webm;base64,/);

    const clip = makeClip('speech-to-speech');
    stream.send({ type: 'done', jobId: JOB_ID, audioUrl: clip.audioUrl, clip, remainingCredits: 45 });
    stream.close();
    const result = screen.getByRole('region', { name: 'Converted speech' });
    const player = await within(result).findByRole('region', { name: clip.fileName });
    expect(player.querySelector('audio')!.getAttribute('src')).toBe(clip.audioUrl);
    expect(within(player).getByRole('radio', { name: 'Before' })).toBeTruthy();
    expect(onCreditsChange).toHaveBeenCalledWith(45);
  });

  it('records from the keyboard: one button says Record, then Stop Recording, and keeps the focus', async () => {
    const { user } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    const record = screen.getByRole('button', { name: 'Record' });
    record.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/Recording\.\.\. 0:0\d/)).toBeTruthy();
    const stop = screen.getByRole('button', { name: 'Stop Recording' });
    expect(document.activeElement).toBe(stop);
    await user.keyboard(' ');
    expect(mic.stopped).toBe(1);
    expect(await screen.findByText(/^recording-\d+\.webm$/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Record' }));
  });

  it('says so when the microphone is refused, and an upload still works', async () => {
    mic.denied = true;
    const { user, runButton } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Microphone access was denied or is not available. You can upload a recording instead.',
    );
    await user.upload(
      screen.getByLabelText('Click to upload an audio file', { selector: 'input' }),
      mp3File('take.mp3'),
    );
    expect(screen.getByText('take.mp3')).toBeTruthy();
    expect(runButton().hasAttribute('disabled')).toBe(false);
  });

  it('says Insufficient Credits below 5 credits once there is a recording', async () => {
    const { user, runButton } = setup({ credits: 4 });
    await screen.findByRole('radio', { name: /Rachel/ });
    await user.upload(
      screen.getByLabelText('Click to upload an audio file', { selector: 'input' }),
      mp3File(),
    );
    expect(runButton().textContent).toBe('Insufficient Credits');
  });

  it('says first that it needs a provider key here and offers nothing to record or run', async () => {
    const note = 'Speech to speech needs an ElevenLabs API key on this server.';
    const { runButton } = setup({
      status: { 'speech-to-speech': { available: false, engine: null, note } },
    });
    expect(await screen.findByText(note)).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Record' }).hasAttribute('disabled')).toBe(true);
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });
});
