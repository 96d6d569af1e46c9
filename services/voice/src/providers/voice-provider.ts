// What the voice tools need from a voice provider. ElevenLabs implements it (elevenlabs.ts); without a key the
// service uses its local engines for speech and isolation and answers 503 for the rest.

export interface ProviderVoice {
  id: string;
  name: string;
  previewUrl: string | null;
  language: string | null;
}

export interface ProviderAudioInput {
  bytes: Buffer;
  mime: string;
}

/** Audio a provider made, with what it billed for it (kept with the job for accounting). */
export interface ProviderAudio {
  audio: Buffer;
  /** The provider's id of the request (ElevenLabs `request-id`). */
  requestId: string | null;
  /** Characters the provider billed (ElevenLabs `character-cost`). */
  characterCost: number | null;
}

export interface VoiceProvider {
  readonly name: 'elevenlabs';
  listVoices(signal?: AbortSignal): Promise<ProviderVoice[]>;
  /** MP3, 44.1 kHz. */
  textToSpeech(input: { text: string; voiceId: string; signal?: AbortSignal }): Promise<ProviderAudio>;
  soundEffect(input: {
    text: string;
    durationSeconds?: number;
    signal?: AbortSignal;
  }): Promise<ProviderAudio>;
  isolateVoice(input: { audio: ProviderAudioInput; signal?: AbortSignal }): Promise<ProviderAudio>;
  speechToSpeech(input: {
    audio: ProviderAudioInput;
    voiceId: string;
    signal?: AbortSignal;
  }): Promise<ProviderAudio>;
}
