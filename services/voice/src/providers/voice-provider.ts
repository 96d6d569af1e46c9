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

export interface VoiceProvider {
  readonly name: 'elevenlabs';
  listVoices(signal?: AbortSignal): Promise<ProviderVoice[]>;
  /** MP3, 44.1 kHz. */
  textToSpeech(input: { text: string; voiceId: string; signal?: AbortSignal }): Promise<Buffer>;
  soundEffect(input: { text: string; durationSeconds?: number; signal?: AbortSignal }): Promise<Buffer>;
  isolateVoice(input: { audio: ProviderAudioInput; signal?: AbortSignal }): Promise<Buffer>;
  speechToSpeech(input: {
    audio: ProviderAudioInput;
    voiceId: string;
    signal?: AbortSignal;
  }): Promise<Buffer>;
}
