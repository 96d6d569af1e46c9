import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VOICE, type VoiceStreamEvent } from '@act/contracts';
import { fakeEventStream, json } from '@act/host-sdk/testing';
import { ROUTES, makeClip, recordDownloads, voiceHost } from '../test-support/voice-host';
import { TextToSpeechPage } from './text-to-speech-page';

afterEach(cleanup);
const saved = recordDownloads();

const JOB_ID = '11111111-1111-4111-8111-111111111111';

function setup(options: Omit<Parameters<typeof voiceHost>[0], 'toolId'> = {}) {
  const test = voiceHost({ toolId: 'text-to-speech', ...options });
  const user = userEvent.setup();
  render(<TextToSpeechPage host={test.host} />);
  const textField = () => screen.getByLabelText<HTMLTextAreaElement>('Text');
  const runButton = () =>
    screen.getByRole('button', {
      name: /Generate Speech \(30 credits\)|Insufficient Credits|Text Too Long|Generating/,
    });
  const typeText = (text: string) => fireEvent.change(textField(), { target: { value: text } });
  return { ...test, user, textField, runButton, typeText };
}

describe('Text to Speech screen', () => {
  it('lists the voices, the first chosen, each with a preview that plays its sample before paying', async () => {
    const { user } = setup();
    expect(screen.getByText('Loading voices...')).toBeTruthy();
    const rachel = await screen.findByRole<HTMLInputElement>('radio', { name: /Rachel/ });
    expect(rachel.checked).toBe(true);
    expect(screen.getByText('English (US)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview Rachel' })).toBeTruthy();
    // A voice without a sample has no preview button.
    expect(screen.queryByRole('button', { name: 'Preview Quiet' })).toBeNull();

    const preview = document.querySelector<HTMLAudioElement>('audio.vo-voices__preview')!;
    await user.click(screen.getByRole('button', { name: 'Preview Domi' }));
    expect(preview.getAttribute('src')).toBe('/previews/domi.mp3');
    expect(preview.paused).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Stop preview of Domi' }));
    expect(preview.paused).toBe(true);

    await user.click(screen.getByRole('radio', { name: /Domi/ }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Domi/ }).checked).toBe(true);
    expect(rachel.checked).toBe(false);
  });

  it("falls back to the single default voice, Adam, with 'Failed to load voices' when the list fails", async () => {
    const { on, runButton, typeText, user, requestsTo } = setup({ voicesFail: true });
    expect(await screen.findByText('Failed to load voices')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Adam' }).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Preview Adam' })).toBeTruthy();

    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.textToSpeech, () => stream.response);
    typeText('Hello');
    await user.click(runButton());
    expect(requestsTo('POST', '/api/voice/text-to-speech')[0]!.body).toEqual({
      text: 'Hello',
      voiceId: DEFAULT_VOICE.id,
      toolName: 'text-to-speech',
    });
    stream.close();
  });

  it('counts characters, warns above 90% of 2000 and refuses more than 2000 with Text Too Long', async () => {
    const { runButton, typeText } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    expect(runButton().textContent).toBe('Generate Speech (30 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('0 / 2000 characters')).toBeTruthy();

    typeText('a'.repeat(1800));
    expect(screen.getByText('1800 / 2000 characters')).toBeTruthy();
    expect(screen.queryByText(/Approaching the 2000-character limit/)).toBeNull();
    expect(runButton().hasAttribute('disabled')).toBe(false);

    typeText('a'.repeat(1801));
    expect(screen.getByText(/Approaching the 2000-character limit/)).toBeTruthy();
    expect(runButton().textContent).toBe('Generate Speech (30 credits)');

    typeText('a'.repeat(2001));
    expect(screen.getByText('2001 / 2000 characters')).toBeTruthy();
    expect(runButton().textContent).toBe('Text Too Long');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('says Insufficient Credits below 30 credits once there is text', async () => {
    const { runButton, typeText } = setup({ credits: 29 });
    await screen.findByRole('radio', { name: /Rachel/ });
    typeText('Hello');
    expect(runButton().textContent).toBe('Insufficient Credits');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('generates: progress while the job runs, then the player with Download as speech-{timestamp}.mp3, the balance and the recent list', async () => {
    const { user, on, runButton, typeText, requestsTo, onCreditsChange, stored } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    await user.click(screen.getByRole('radio', { name: /Domi/ }));
    expect(await screen.findByText('Nothing yet: your results will be listed here.')).toBeTruthy();
    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.textToSpeech, () => stream.response);
    typeText('  Hello there  ');
    await user.click(runButton());

    const [request] = requestsTo('POST', '/api/voice/text-to-speech');
    expect(request!.headers.accept).toBe('text/event-stream');
    expect(request!.body).toEqual({ text: 'Hello there', voiceId: 'voice-domi', toolName: 'text-to-speech' });
    expect(runButton().textContent).toContain('Generating...');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Text').disabled).toBe(true);

    stream.send({ type: 'start', jobId: JOB_ID, tool: 'text-to-speech' });
    stream.send({ type: 'progress', progress: 40 });
    const speech = screen.getByRole('region', { name: 'Speech' });
    expect(await within(speech).findByText('40%')).toBeTruthy();
    expect(within(speech).getByText(/Elapsed: 0:0\d/)).toBeTruthy();
    expect(within(speech).getByRole('progressbar', { name: 'Speech' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );

    const clip = makeClip('text-to-speech', { voiceId: 'voice-domi', voiceName: 'Domi' });
    stored(clip);
    stream.send({ type: 'done', jobId: JOB_ID, audioUrl: clip.audioUrl, clip, remainingCredits: 20 });
    stream.close();

    const player = await within(speech).findByRole('region', { name: clip.fileName });
    expect(player.querySelector('audio')!.getAttribute('src')).toBe(clip.audioUrl);
    expect(onCreditsChange).toHaveBeenCalledWith(20);
    expect(runButton().textContent).toBe('Generate Speech (30 credits)');

    const recent = screen.getByRole('region', { name: 'Recent speech' });
    expect(await within(recent).findByText('Hello there · Domi')).toBeTruthy();

    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(new Uint8Array([0xff, 0xfb]));
    });
    await user.click(within(player).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual([clip.fileName]));
    expect(saved[0]).toMatch(/^speech-\d+\.mp3$/);
    expect(fetched).toEqual([clip.downloadUrl]);
  });

  it("shows the job's error event in its words and no player", async () => {
    const { user, on, runButton, typeText, onCreditsChange } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.textToSpeech, () => stream.response);
    typeText('Hello');
    await user.click(runButton());
    stream.send({ type: 'start', jobId: JOB_ID, tool: 'text-to-speech' });
    // Not the fallback text: the page shows what the event says.
    stream.send({ type: 'error', error: 'Failed to process request', code: 'PROVIDER_FAILED' });
    stream.close();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to process request');
    expect(screen.getByText('Your speech will appear here')).toBeTruthy();
    expect(onCreditsChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (402) in its words", async () => {
    const { user, on, runButton, typeText } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    on(ROUTES.textToSpeech, () =>
      json({ success: false, error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402),
    );
    typeText('Hello');
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient credits');
  });

  it('copies the text (Copied!) and Clear All empties the text and the result', async () => {
    const { user, on, runButton, typeText } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    expect(screen.getByRole('button', { name: 'Copy' }).hasAttribute('disabled')).toBe(true);
    typeText('Read me aloud');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('Read me aloud');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();

    const clip = makeClip('text-to-speech');
    on(ROUTES.textToSpeech, () => {
      const stream = fakeEventStream<VoiceStreamEvent>();
      stream.send({ type: 'done', jobId: JOB_ID, audioUrl: clip.audioUrl, clip, remainingCredits: 20 });
      stream.close();
      return stream.response;
    });
    await user.click(runButton());
    const speech = screen.getByRole('region', { name: 'Speech' });
    await within(speech).findByRole('button', { name: 'Play' });

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Text').value).toBe('');
    expect(within(speech).queryByRole('button', { name: 'Play' })).toBeNull();
    expect(screen.getByText('Your speech will appear here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear All' }).hasAttribute('disabled')).toBe(true);
  });

  it('says the speech is still being made when the stream is cut after the job started, and looks for it again', async () => {
    const { user, on, runButton, typeText, requestsTo } = setup();
    await screen.findByRole('radio', { name: /Rachel/ });
    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.textToSpeech, () => stream.response);
    typeText('Hello');
    await user.click(runButton());
    stream.send({ type: 'start', jobId: JOB_ID, tool: 'text-to-speech' });
    stream.close();
    const speech = screen.getByRole('region', { name: 'Speech' });
    expect(
      await within(speech).findByText('Still processing: the result will appear here when it is ready.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // The running jobs are asked for again (once on opening, once now).
    await waitFor(() => expect(requestsTo('GET', '/api/voice/jobs')).toHaveLength(2));
  });

  it('lists recent speech from the history with a player each', async () => {
    const older = makeClip('text-to-speech', { text: 'Earlier words', voiceName: 'Rachel' });
    const { requestsTo } = setup({ history: [older] });
    const recent = await screen.findByRole('region', { name: 'Recent speech' });
    expect(await within(recent).findByText('Earlier words · Rachel')).toBeTruthy();
    const player = within(recent).getByRole('region', { name: older.fileName });
    expect(player.querySelector('audio')!.getAttribute('src')).toBe(older.audioUrl);
    const url = new URL(requestsTo('GET', '/api/voice/history')[0]!.url, 'http://localhost');
    expect(url.searchParams.get('tool')).toBe('text-to-speech');
  });

  it('deletes a recent result once confirmed: the service is asked and the list no longer shows it', async () => {
    const older = makeClip('text-to-speech', { text: 'Remove me', voiceName: 'Rachel' });
    const items = [older];
    const { user, requestsTo } = setup({
      routes: {
        [ROUTES.history]: () => json({ success: true, items, nextCursor: null }),
        [`DELETE /api/voice/history/${older.id}`]: () => {
          items.length = 0;
          return json({ success: true });
        },
      },
    });
    const recent = await screen.findByRole('region', { name: 'Recent speech' });
    await within(recent).findByText('Remove me · Rachel');
    await user.click(within(recent).getByRole('button', { name: `Delete ${older.fileName}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this audio?' });
    expect(requestsTo('DELETE', `/api/voice/history/${older.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(recent).findByText('Nothing yet: your results will be listed here.')).toBeTruthy();
    expect(requestsTo('DELETE', `/api/voice/history/${older.id}`)).toHaveLength(1);
  });
});
