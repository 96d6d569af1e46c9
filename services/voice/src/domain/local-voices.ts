// The voices this server speaks with eSpeak NG when there is no provider key: English and the spec's other
// languages that eSpeak has (all ten), each with a short sample sentence for its preview button. The spec's fallback
// voice, Adam, is accepted too and speaks American English, so the screen's fallback works offline as well.
import { DEFAULT_VOICE } from '@act/contracts';

export interface LocalVoice {
  id: string;
  name: string;
  language: string;
  /** eSpeak NG voice and variant. */
  espeak: string;
  /** What its preview says. */
  sample: string;
}

export const LOCAL_VOICES: readonly LocalVoice[] = [
  {
    id: 'local-en-us-m',
    name: 'James (eSpeak)',
    language: 'English (US)',
    espeak: 'en-us',
    sample: 'Hello! This is how I sound.',
  },
  {
    id: 'local-en-us-f',
    name: 'Emma (eSpeak)',
    language: 'English (US)',
    espeak: 'en-us+f3',
    sample: 'Hello! This is how I sound.',
  },
  {
    id: 'local-en-gb-m',
    name: 'Oliver (eSpeak)',
    language: 'English (UK)',
    espeak: 'en-gb',
    sample: 'Hello! This is how I sound.',
  },
  {
    id: 'local-es',
    name: 'Lucía (eSpeak)',
    language: 'Spanish',
    espeak: 'es+f2',
    sample: '¡Hola! Así suena mi voz.',
  },
  {
    id: 'local-fr',
    name: 'Louis (eSpeak)',
    language: 'French',
    espeak: 'fr-fr',
    sample: 'Bonjour ! Voici ma voix.',
  },
  {
    id: 'local-de',
    name: 'Jonas (eSpeak)',
    language: 'German',
    espeak: 'de',
    sample: 'Hallo! So klingt meine Stimme.',
  },
  {
    id: 'local-it',
    name: 'Giulia (eSpeak)',
    language: 'Italian',
    espeak: 'it+f2',
    sample: 'Ciao! Questa è la mia voce.',
  },
  {
    id: 'local-pt-br',
    name: 'Pedro (eSpeak)',
    language: 'Portuguese (Brazil)',
    espeak: 'pt-br',
    sample: 'Olá! Esta é a minha voz.',
  },
  {
    id: 'local-zh',
    name: 'Wei (eSpeak)',
    language: 'Chinese (Mandarin)',
    espeak: 'cmn',
    sample: '你好！这是我的声音。',
  },
  {
    id: 'local-ja',
    name: 'Haruto (eSpeak)',
    language: 'Japanese',
    espeak: 'ja',
    sample: 'こんにちは。これが私の声です。',
  },
  {
    id: 'local-ko',
    name: 'Minjun (eSpeak)',
    language: 'Korean',
    espeak: 'ko',
    sample: '안녕하세요. 제 목소리입니다.',
  },
  { id: 'local-ar', name: 'Omar (eSpeak)', language: 'Arabic', espeak: 'ar', sample: 'مرحبا! هذا هو صوتي.' },
];

/** The spec's fallback voice (Adam), spoken locally in American English. */
const LOCAL_ADAM: LocalVoice = {
  id: DEFAULT_VOICE.id,
  name: DEFAULT_VOICE.name,
  language: 'English (US)',
  espeak: 'en-us',
  sample: 'Hello! This is how I sound.',
};

export function findLocalVoice(id: string): LocalVoice | undefined {
  return id === LOCAL_ADAM.id ? LOCAL_ADAM : LOCAL_VOICES.find((voice) => voice.id === id);
}
