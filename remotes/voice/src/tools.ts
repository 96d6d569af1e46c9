// The module this remote exposes as './tools': the voice family's tool pages, keyed by tool id (front-end contract).
import type { ToolPages } from '@act/host-sdk';
import { SoundEffectsPage } from './pages/sound-effects-page';
import { SpeechToSpeechPage } from './pages/speech-to-speech-page';
import { TextToSpeechPage } from './pages/text-to-speech-page';
import { VoiceIsolatorPage } from './pages/voice-isolator-page';

export const toolPages: ToolPages = {
  'text-to-speech': TextToSpeechPage,
  'speech-to-speech': SpeechToSpeechPage,
  'sound-effects': SoundEffectsPage,
  'voice-isolator': VoiceIsolatorPage,
};
