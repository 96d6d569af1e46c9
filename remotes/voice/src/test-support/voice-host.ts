// Test data and a host for the voice page tests: host-sdk's routed test host answering the voice service's routes
// (status, voices, history, jobs) in its wire format, a stored clip as the service lists it, and a recorder of the
// files saveBlob would download.
import { afterEach, beforeEach, vi } from 'vitest';
import type { AudioClip, VoiceOption, VoiceToolId, VoiceToolStatus } from '@act/contracts';
import { createRoutedTestHost, json, type FakeHandler } from '@act/host-sdk/testing';

export const ROUTES = {
  status: 'GET /api/voice/status',
  voices: 'GET /api/voice/voices',
  history: 'GET /api/voice/history',
  jobs: 'GET /api/voice/jobs',
  textToSpeech: 'POST /api/voice/text-to-speech',
  speechToSpeech: 'POST /api/voice/speech-to-speech',
  soundEffects: 'POST /api/voice/sound-effects',
  voiceIsolator: 'POST /api/voice/voice-isolator',
} as const;

export const VOICES: VoiceOption[] = [
  { id: 'voice-rachel', name: 'Rachel', previewUrl: '/previews/rachel.mp3', language: 'English (US)' },
  { id: 'voice-domi', name: 'Domi', previewUrl: '/previews/domi.mp3', language: null },
  { id: 'voice-none', name: 'Quiet', previewUrl: null, language: null },
];

let clipCount = 0;
export function makeClip(tool: VoiceToolId, overrides: Partial<AudioClip> = {}): AudioClip {
  clipCount += 1;
  const id = `00000000-0000-4000-8000-${String(clipCount).padStart(12, '0')}`;
  const prefix = {
    'text-to-speech': 'speech',
    'speech-to-speech': 'speech',
    'sound-effects': 'sound-effect',
    'voice-isolator': 'isolated-audio',
  }[tool];
  const fileName = `${prefix}-17360000${String(clipCount).padStart(5, '0')}.mp3`;
  return {
    id,
    tool,
    createdAt: '2026-01-05T10:00:00.000Z',
    audioUrl: `/api/voice/files/owner/${id}.mp3?exp=1&sig=a`,
    downloadUrl: `/api/voice/files/owner/${id}.mp3?exp=1&sig=b&download=${fileName}`,
    fileName,
    sourceUrl:
      tool === 'voice-isolator' || tool === 'speech-to-speech'
        ? `/api/voice/files/owner/${id}.source.mp3`
        : null,
    text: tool === 'text-to-speech' ? 'Hello there' : tool === 'sound-effects' ? 'Rain on a roof' : null,
    voiceId: tool === 'text-to-speech' ? 'voice-rachel' : null,
    voiceName: tool === 'text-to-speech' ? 'Rachel' : null,
    durationSeconds: 4.2,
    engine: 'elevenlabs',
    ...overrides,
  };
}

const AVAILABLE: VoiceToolStatus = { available: true, engine: 'elevenlabs', acceptedAudio: [], note: null };

export function statusReply(
  overrides: Partial<Record<VoiceToolId | 'transcribe', Partial<VoiceToolStatus>>> = {},
) {
  return {
    success: true,
    tools: {
      'text-to-speech': { ...AVAILABLE, ...overrides['text-to-speech'] },
      'speech-to-speech': { ...AVAILABLE, ...overrides['speech-to-speech'] },
      'sound-effects': { ...AVAILABLE, ...overrides['sound-effects'] },
      'voice-isolator': { ...AVAILABLE, ...overrides['voice-isolator'] },
      transcribe: { ...AVAILABLE, ...overrides.transcribe },
    },
  };
}

/** A routed host answering status, voices, an empty history and no running jobs unless told otherwise. */
export function voiceHost(options: {
  toolId: VoiceToolId;
  credits?: number;
  status?: Parameters<typeof statusReply>[0];
  history?: AudioClip[];
  /** The voice list fails (503) instead of listing VOICES. */
  voicesFail?: boolean;
  /** Further or replacing routes, answering from the first call on. */
  routes?: Record<string, FakeHandler>;
}) {
  const test = createRoutedTestHost({ toolId: options.toolId, credits: options.credits });
  const history = [...(options.history ?? [])];
  test.on(ROUTES.status, () => json(statusReply(options.status)));
  test.on(ROUTES.voices, () =>
    options.voicesFail
      ? json({ success: false, error: 'Failed to fetch voices', code: 'SERVICE_UNAVAILABLE' }, 503)
      : json({ success: true, voices: VOICES, engine: 'elevenlabs' }),
  );
  test.on(ROUTES.history, () => json({ success: true, items: history, nextCursor: null }));
  test.on(ROUTES.jobs, () => json({ success: true, jobs: [] }));
  for (const [route, handler] of Object.entries(options.routes ?? {})) test.on(route, handler);
  return {
    ...test,
    /** Adds a clip at the top of the history (as the service stores a new result). */
    stored(clip: AudioClip) {
      history.unshift(clip);
    },
  };
}

/** File names saveBlob would have downloaded in this test (the link is recorded instead of followed). */
export function recordDownloads(): string[] {
  const saved: string[] = [];
  const originalClick = HTMLAnchorElement.prototype.click;
  beforeEach(() => {
    saved.length = 0;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audio');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  });
  afterEach(() => {
    HTMLAnchorElement.prototype.click = originalClick;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return saved;
}

/** An MP3-looking file (ID3 header) of `size` bytes. */
export function mp3File(name = 'interview.mp3', size = 4096): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x49, 0x44, 0x33, 0x04]);
  return new File([bytes], name, { type: 'audio/mpeg' });
}
