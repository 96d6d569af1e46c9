// docs/architecture.md#status-announcements: the counter and the elapsed seconds are on screen but in no live region;
// a run says its start, its quarters and its result through the one announcer, the result once.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UI_TEXTS, type VoiceStreamEvent } from '@act/contracts';
import { Announcer, clearAnnouncements, getAnnouncements } from '@act/host-sdk';
import { fakeEventStream } from '@act/host-sdk/testing';
import { ROUTES, makeClip, voiceHost } from '../test-support/voice-host';
import { TextToSpeechPage } from './text-to-speech-page';

beforeEach(clearAnnouncements);
afterEach(cleanup);

const JOB_ID = '11111111-1111-4111-8111-111111111111';
const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';

describe('voice status messages', () => {
  it('keeps the counter and the timer out of live regions and announces the finished speech once', async () => {
    const test = voiceHost({ toolId: 'text-to-speech' });
    const user = userEvent.setup();
    render(
      <>
        <TextToSpeechPage host={test.host} />
        <Announcer />
      </>,
    );
    await screen.findByRole('radio', { name: /Rachel/ });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello there' } });
    expect(screen.getByText('11 / 2000 characters').closest(LIVE)).toBeNull();

    const stream = fakeEventStream<VoiceStreamEvent>();
    test.on(ROUTES.textToSpeech, () => stream.response);
    await user.click(screen.getByRole('button', { name: /Generate Speech/ }));
    stream.send({ type: 'start', jobId: JOB_ID, tool: 'text-to-speech' });
    stream.send({ type: 'progress', progress: 10 });
    stream.send({ type: 'progress', progress: 40 });
    stream.send({ type: 'progress', progress: 45 });
    stream.send({ type: 'progress', progress: 60 });
    const speech = screen.getByRole('region', { name: 'Speech' });
    expect(await within(speech).findByText('60%')).toBeTruthy();
    expect(
      within(speech)
        .getByText(/Elapsed: 0:0\d/)
        .closest(LIVE),
    ).toBeNull();
    expect(within(speech).getByText('60%').closest(LIVE)).toBeNull();

    const clip = makeClip('text-to-speech');
    test.stored(clip);
    stream.send({ type: 'done', jobId: JOB_ID, audioUrl: clip.audioUrl, clip, remainingCredits: 20 });
    stream.close();
    await within(speech).findByRole('region', { name: clip.fileName });

    const A = UI_TEXTS.announce;
    expect(getAnnouncements().map((item) => item.message)).toEqual([
      A.working,
      A.progress(25),
      A.progress(50),
      A.resultReady,
    ]);
    const region = screen.getByText(A.resultReady).closest('[aria-live="polite"]');
    expect(region?.getAttribute('role')).toBe('status');
  });
});
