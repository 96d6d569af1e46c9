// Conversation mode on the Chat Agent page (routed test host, fake reply streams) with the browser's microphone faked
// at its edges: getUserMedia, MediaRecorder, and an AnalyserNode whose samples the test sets — loud is speech, flat is
// a pause — and audio playback (jsdom plays nothing: play marks the element playing, the test fires its end).
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_VOICE_TEXTS, getChatModel, notAvailableWithoutProviderKey } from '@act/contracts';
import { FakeMicrophone, json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { AgentPage } from '../pages/agent-page';

const T = CHAT_VOICE_TEXTS;
const SEND = '/api/chat/chat-agent/send-message';
const GPT = getChatModel('openai/gpt-4o-mini');

const toolStatus = { available: true, engine: 'local', acceptedAudio: [], note: null };
const voiceStatus = (transcribe: boolean) => () =>
  json({
    success: true,
    tools: {
      'text-to-speech': toolStatus,
      'speech-to-speech': toolStatus,
      'sound-effects': toolStatus,
      'voice-isolator': toolStatus,
      transcribe: {
        available: transcribe,
        engine: transcribe ? 'elevenlabs' : null,
        acceptedAudio: [],
        note: transcribe ? null : notAvailableWithoutProviderKey('Dictation'),
      },
    },
  });

const SPEECH_URL = '/api/voice/files/speech-1.mp3';
const voiceRoutes = (transcribe = true) => ({
  'GET /api/voice/status': voiceStatus(transcribe),
  'POST /api/voice/transcribe': () =>
    json({ success: true, text: 'Tell me about tides', remainingCredits: 49 }),
  'GET /api/voice/voices': () =>
    json({
      success: true,
      engine: 'local',
      voices: [{ id: 'en-us', name: 'English', previewUrl: null, language: null }],
    }),
  'POST /api/voice/text-to-speech': () =>
    json({
      success: true,
      audioUrl: SPEECH_URL,
      clip: {
        id: '5f0c2a4e-8b1d-4c3e-9f2a-7b6c5d4e3f21',
        tool: 'text-to-speech',
        createdAt: '2026-11-29T12:00:00.000Z',
        audioUrl: SPEECH_URL,
        downloadUrl: SPEECH_URL,
        fileName: 'speech-20261129.mp3',
        sourceUrl: null,
        text: 'x',
        voiceId: 'en-us',
        voiceName: 'English',
        durationSeconds: 1,
        engine: 'local',
      },
      remainingCredits: 17,
    }),
});

let mic: FakeMicrophone;
beforeEach(() => {
  mic = new FakeMicrophone();
  mic.install();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
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

async function agentWithVoice(transcribe = true) {
  const test = renderChatPage(AgentPage, {
    toolId: 'chat-agent',
    sessionsPath: '/api/chat/chat-agent/sessions',
    sendPath: SEND,
    credits: 80,
    routes: voiceRoutes(transcribe),
  });
  await test.user.click(screen.getByRole('button', { name: new RegExp(`^${GPT.name}`) }));
  await screen.findByPlaceholderText(/Type your message/);
  await waitFor(() => expect(test.requestsTo('GET', '/api/voice/status')).toHaveLength(1));
  return test;
}

const state = () => screen.getByTestId('conversation-state').textContent;
const PAUSE_WAIT = { timeout: 5000 };

describe('Conversation mode', () => {
  it('listens until a pause, sends the words, reads the answer aloud, listens again, and Stop ends it', async () => {
    const test = await agentWithVoice();
    const stream = test.nextReply();
    await test.user.click(screen.getByRole('button', { name: T.conversationMode }));
    await waitFor(() => expect(state()).toBe(`${T.conversationState}: ${T.listening}`));
    expect(screen.getByTestId('conversation-state').getAttribute('role')).toBe('status');
    // The loop has the microphone: Dictate waits for it.
    expect(screen.getByRole('button', { name: T.dictate }).hasAttribute('disabled')).toBe(true);
    mic.speak();
    await new Promise((resolve) => setTimeout(resolve, 300));
    mic.pause();

    // The pause ends the take: it is turned into text and sent as the message.
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1), PAUSE_WAIT);
    expect(test.requestsTo('POST', '/api/voice/transcribe')).toHaveLength(1);
    expect(test.requestsTo('POST', SEND)[0]!.body).toMatchObject({ prompt: 'Tell me about tides' });
    expect(state()).toBe(`${T.conversationState}: ${T.thinking}`);
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Tides follow the **Moon**.' },
      { type: 'done', status: 'completed', remainingCredits: 47 },
    );
    stream.close();

    // The answer is read aloud with the Text to Speech tool's voice and price, in the player.
    const audio = (await screen.findByTestId('conversation-audio')) as HTMLAudioElement;
    expect(state()).toBe(`${T.conversationState}: ${T.speaking}`);
    expect(test.requestsTo('POST', '/api/voice/text-to-speech')[0]!.body).toEqual({
      text: 'Tides follow the Moon.',
      voiceId: 'en-us',
    });
    await waitFor(() => expect(audio.paused).toBe(false));
    expect(test.onCreditsChange).toHaveBeenLastCalledWith(17);

    // Its end: listening again, with a new take.
    audio.dispatchEvent(new Event('ended'));
    await waitFor(() => expect(state()).toBe(`${T.conversationState}: ${T.listening}`));
    expect(mic.recorders).toHaveLength(2);

    // Stop drops the take (nothing more is transcribed) and the loop ends.
    mic.speak();
    await test.user.click(screen.getByRole('button', { name: T.stopConversation }));
    mic.pause();
    expect(await screen.findByRole('button', { name: T.conversationMode })).toBeTruthy();
    expect(screen.getByRole('button', { name: T.dictate }).hasAttribute('disabled')).toBe(false);
    expect(mic.recorders[1]!.state).toBe('inactive');
    expect(state()).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(test.requestsTo('POST', '/api/voice/transcribe')).toHaveLength(1);

    // The answer's own Read aloud plays the same speech: made once, charged once.
    await test.user.click(screen.getByRole('button', { name: T.readAloud }));
    expect((await screen.findByTestId('read-aloud-audio')).getAttribute('src')).toBe(SPEECH_URL);
    expect(test.requestsTo('POST', '/api/voice/text-to-speech')).toHaveLength(1);
  });

  it('Stop while the answer is written stops the reply as the Stop button does, and nothing is read aloud', async () => {
    const test = await agentWithVoice();
    test.on('POST /api/chat/stop', () => json({ success: true }));
    const stream = test.nextReply();
    await test.user.click(screen.getByRole('button', { name: T.conversationMode }));
    await waitFor(() => expect(state()).toBe(`${T.conversationState}: ${T.listening}`));
    mic.speak();
    await new Promise((resolve) => setTimeout(resolve, 300));
    mic.pause();
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1), PAUSE_WAIT);
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Ti' },
    );

    await test.user.click(screen.getByRole('button', { name: T.stopConversation }));
    await waitFor(() =>
      expect(test.requestsTo('POST', '/api/chat/stop')[0]?.body).toEqual({ messageId: REPLY_ID }),
    );
    await emit(stream, { type: 'done', status: 'stopped', remainingCredits: 47 });
    stream.close();
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(state()).toBe('');
    expect(test.requestsTo('POST', '/api/voice/text-to-speech')).toHaveLength(0);
    expect(screen.queryByTestId('conversation-audio')).toBeNull();
  });

  it('a refused recording ends the loop with the tool’s message and sends nothing', async () => {
    const test = await agentWithVoice();
    test.on('POST /api/voice/transcribe', () =>
      json(
        { success: false, error: 'No speech was heard in the recording. Please try again.', code: 'X' },
        400,
      ),
    );
    await test.user.click(screen.getByRole('button', { name: T.conversationMode }));
    await waitFor(() => expect(state()).toBe(`${T.conversationState}: ${T.listening}`));
    mic.speak();
    await new Promise((resolve) => setTimeout(resolve, 300));
    mic.pause();
    expect((await screen.findByRole('alert', {}, PAUSE_WAIT)).textContent).toBe(
      'No speech was heard in the recording. Please try again.',
    );
    expect(state()).toBe('');
    expect(screen.getByRole('button', { name: T.conversationMode })).toBeTruthy();
    expect(test.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('is disabled with the reason as its description when the server has no speech-to-text provider', async () => {
    await agentWithVoice(false);
    const button = screen.getByRole('button', { name: T.conversationMode });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      notAvailableWithoutProviderKey('Dictation'),
    );
  });
});
