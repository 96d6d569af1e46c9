import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VoiceStreamEvent } from '@act/contracts';
import { fakeEventStream } from '@act/host-sdk/testing';
import { ROUTES, makeClip, recordDownloads, voiceHost } from '../test-support/voice-host';
import { SoundEffectsPage } from './sound-effects-page';

afterEach(cleanup);
recordDownloads();

const JOB_ID = '22222222-2222-4222-8222-222222222222';
const NEEDS_KEY = 'Sound effects need an ElevenLabs API key on this server.';

function setup(options: Omit<Parameters<typeof voiceHost>[0], 'toolId'> = {}) {
  const test = voiceHost({ toolId: 'sound-effects', ...options });
  const user = userEvent.setup();
  render(<SoundEffectsPage host={test.host} />);
  const field = () => screen.getByLabelText<HTMLTextAreaElement>('Describe the sound');
  const runButton = () =>
    screen.getByRole('button', {
      name: /Generate Sound Effect \(10 credits\)|Insufficient Credits|Description Too Long|Processing/,
    });
  const describe = (text: string) => fireEvent.change(field(), { target: { value: text } });
  return { ...test, user, field, runButton, describe };
}

describe('Sound Effects Generator screen', () => {
  it('counts the description and refuses more than 500 characters with Description Too Long', () => {
    const { runButton, describe } = setup();
    expect(runButton().hasAttribute('disabled')).toBe(true);
    describe('Thunder');
    expect(screen.getByText('7 / 500 characters')).toBeTruthy();
    expect(runButton().textContent).toBe('Generate Sound Effect (10 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(false);
    describe('x'.repeat(501));
    expect(runButton().textContent).toBe('Description Too Long');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('says Insufficient Credits below 10 credits', () => {
    const { runButton, describe } = setup({ credits: 9 });
    describe('Thunder');
    expect(runButton().textContent).toBe('Insufficient Credits');
  });

  it('says first that the tool needs a provider key here, and nothing can be typed or run', async () => {
    const { field, runButton, requestsTo } = setup({
      status: { 'sound-effects': { available: false, engine: null, note: NEEDS_KEY } },
    });
    expect((await screen.findByText(NEEDS_KEY)).closest('[role="status"]')).toBeTruthy();
    expect(field().disabled).toBe(true);
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(requestsTo('POST', '/api/voice/sound-effects')).toHaveLength(0);
  });

  it('sends the description and the chosen duration, then plays the effect with Download as sound-effect-{timestamp}.mp3', async () => {
    const { user, on, runButton, describe, requestsTo, onCreditsChange } = setup();
    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.soundEffects, () => stream.response);
    describe('Rain on a tin roof');
    await user.click(screen.getByRole('combobox', { name: 'Duration' }));
    await user.click(await screen.findByRole('option', { name: '5 seconds' }));
    await user.click(runButton());
    expect(requestsTo('POST', '/api/voice/sound-effects')[0]!.body).toEqual({
      prompt: 'Rain on a tin roof',
      durationSeconds: 5,
      toolName: 'sound-effects',
    });
    expect(runButton().textContent).toContain('Processing...');

    const clip = makeClip('sound-effects');
    stream.send({ type: 'start', jobId: JOB_ID, tool: 'sound-effects' });
    stream.send({ type: 'done', jobId: JOB_ID, audioUrl: clip.audioUrl, clip, remainingCredits: 40 });
    stream.close();
    const result = screen.getByRole('region', { name: 'Sound Effect' });
    const player = await within(result).findByRole('region', { name: clip.fileName });
    expect(clip.fileName).toMatch(/^sound-effect-\d+\.mp3$/);
    expect(player.querySelector('audio')!.getAttribute('src')).toBe(clip.audioUrl);
    expect(within(player).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(onCreditsChange).toHaveBeenCalledWith(40);
  });

  it('lets the provider choose the length when the duration stays Automatic', async () => {
    const { user, on, runButton, describe, requestsTo } = setup();
    const stream = fakeEventStream<VoiceStreamEvent>();
    on(ROUTES.soundEffects, () => stream.response);
    describe('Door slam');
    await user.click(runButton());
    expect(requestsTo('POST', '/api/voice/sound-effects')[0]!.body).toEqual({
      prompt: 'Door slam',
      toolName: 'sound-effects',
    });
    stream.close();
  });
});
