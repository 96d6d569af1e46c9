import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VoiceStreamEvent } from '@act/contracts';
import { fakeEventStream, json } from '@act/host-sdk/testing';
import { ROUTES, makeClip, mp3File, recordDownloads, voiceHost } from '../test-support/voice-host';
import { VoiceIsolatorPage } from './voice-isolator-page';

afterEach(cleanup);
recordDownloads();

const JOB_ID = '33333333-3333-4333-8333-333333333333';
const LOCAL_NOTE = 'Isolation runs on this server without a provider key: MP3 and WAV files only.';

function setup(options: Omit<Parameters<typeof voiceHost>[0], 'toolId'> = {}) {
  const test = voiceHost({ toolId: 'voice-isolator', ...options });
  // The type check is the page's own (spec texts), not the file dialog's filter.
  const user = userEvent.setup({ applyAccept: false });
  render(<VoiceIsolatorPage host={test.host} />);
  const input = () =>
    screen.getByLabelText<HTMLInputElement>('Click to upload an audio file', { selector: 'input' });
  const runButton = () =>
    screen.getByRole('button', { name: /Isolate Voice \(20 credits\)|Isolating voice/ });
  return { ...test, user, input, runButton };
}

describe('Voice Isolator screen', () => {
  it('asks for an audio file with the spec hint and refuses other files and files of 5MB or more', async () => {
    const { user, input, runButton } = setup();
    expect(screen.getByText('MP3, WAV, M4A and other audio formats up to 5MB')).toBeTruthy();
    expect(runButton().hasAttribute('disabled')).toBe(true);

    await user.upload(input(), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please select a valid audio file (MP3, WAV, M4A, etc.)',
    );
    expect(runButton().hasAttribute('disabled')).toBe(true);

    await user.upload(input(), mp3File('long.mp3', 5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toBe('Audio file size must be less than 5MB');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('shows the chosen file with its size in KB and a remove button, and has no credit check', async () => {
    const { user, input, runButton } = setup({ credits: 0 });
    await user.upload(input(), mp3File('interview.mp3', 2048));
    expect(screen.getByText('interview.mp3')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(runButton().textContent).toBe('Isolate Voice (20 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove audio file' }));
    expect(screen.queryByText('interview.mp3')).toBeNull();
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('says what the local engine can read, and refuses other formats before uploading', async () => {
    const { user, input } = setup({
      status: {
        'voice-isolator': { engine: 'local', acceptedAudio: ['audio/mpeg', 'audio/wav'], note: LOCAL_NOTE },
      },
    });
    expect(await screen.findByText(LOCAL_NOTE)).toBeTruthy();
    await user.upload(input(), new File([new Uint8Array(64)], 'memo.m4a', { type: 'audio/mp4' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Without a provider key only MP3 and WAV files can be processed here. Please upload an MP3 or WAV file.',
    );
    // Another browser's name for WAV is still a WAV.
    await user.upload(input(), new File([new Uint8Array(64)], 'memo.wav', { type: 'audio/x-wav' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('memo.wav')).toBeTruthy();
  });

  it('sends the file as a data URL, shows the progress and elapsed time of the wait, then the result with Before/After', async () => {
    const { user, input, runButton, on, requestsTo, onCreditsChange } = setup();
    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.voiceIsolator, () => stream.response);
    await user.upload(input(), mp3File('interview.mp3', 3000));
    await user.click(runButton());

    const [request] = await (async () => {
      await screen.findByRole('button', { name: /Isolating voice/ });
      return requestsTo('POST', '/api/voice/voice-isolator');
    })();
    const body = request!.body as { audioFile: string; toolName: string };
    expect(body.toolName).toBe('voice-isolator');
    expect(body.audioFile).toMatch(/^data:audio\/mpeg;base64,SUQz/);
    expect(request!.headers.accept).toBe('text/event-stream');

    const result = screen.getByRole('region', { name: 'Isolated Voice' });
    expect(within(result).getByText(/Voice isolation usually takes 30 to 120 seconds\./)).toBeTruthy();
    expect(within(result).getByText(/Elapsed: 0:0\d/)).toBeTruthy();
    stream.send({ type: 'start', jobId: JOB_ID, tool: 'voice-isolator' });
    stream.send({ type: 'progress', progress: 55 });
    expect(await within(result).findByText('55%')).toBeTruthy();
    expect(
      within(result)
        .getByRole('progressbar', { name: 'Voice isolation progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('55');

    const clip = makeClip('voice-isolator');
    stream.send({ type: 'done', jobId: JOB_ID, isolatedAudioUrl: clip.audioUrl, clip, remainingCredits: 30 });
    stream.close();
    const player = await within(result).findByRole('region', { name: clip.fileName });
    expect(clip.fileName).toMatch(/^isolated-audio-\d+\.mp3$/);
    const audio = player.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(clip.audioUrl);
    await user.click(within(player).getByRole('radio', { name: 'Before' }));
    // The member's own file (an object URL of it) is the Before side.
    expect(audio.getAttribute('src')).toBe('blob:audio');
    expect(within(player).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(onCreditsChange).toHaveBeenCalledWith(30);
  });

  it("shows the server's refusal in its words", async () => {
    const { user, input, runButton, on } = setup({ credits: 0 });
    on(ROUTES.voiceIsolator, () =>
      json({ success: false, error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402),
    );
    await user.upload(input(), mp3File());
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient credits');
  });

  it('shows an isolation still running from an earlier visit, and lists it once it is done', async () => {
    const clip = makeClip('voice-isolator');
    const job = { id: JOB_ID, tool: 'voice-isolator', createdAt: clip.createdAt, error: null };
    const history: unknown[] = [];
    const { requestsTo } = setup({
      routes: {
        [ROUTES.jobs]: () =>
          json({ success: true, jobs: [{ ...job, status: 'running', progress: 70, clip: null }] }),
        [`GET /api/voice/jobs/${JOB_ID}`]: () => {
          history.push(clip);
          return json({ success: true, job: { ...job, status: 'succeeded', progress: 100, clip } });
        },
        [ROUTES.history]: () => json({ success: true, items: history, nextCursor: null }),
      },
    });
    const recent = screen.getByRole('region', { name: 'Recent isolations' });
    expect(
      await within(recent).findByText(/Still processing: the result will appear here when it is ready\. 70%/),
    ).toBeTruthy();
    // Asked again after a few seconds: done, so the list shows it.
    expect(await within(recent).findByRole('region', { name: clip.fileName })).toBeTruthy();
    expect(within(recent).queryByText(/Still processing/)).toBeNull();
    expect(requestsTo('GET', `/api/voice/jobs/${JOB_ID}`)).toHaveLength(1);
  });
});
