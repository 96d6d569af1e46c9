// Speech on this server with no provider: eSpeak NG (GPL-3.0) compiled to WebAssembly, its voice data inside the
// package (nothing downloaded). One run per text: the text goes in as a file, the WAV (22.05 kHz mono) comes out.
import ESpeakNg from 'espeak-ng';
import { readWav, type MonoAudio } from './pcm';

export interface SpeakOptions {
  /** An eSpeak NG voice name, optionally with a variant ('en-us', 'en-us+f3'). */
  voice: string;
  /** Words per minute (eSpeak's default is 175). */
  wordsPerMinute?: number;
}

const VOICE_NAME = /^[a-z]{2,3}(-[a-z0-9]{2,8})*(\+[a-z0-9]{1,8})?$/i;

export async function speak(text: string, { voice, wordsPerMinute = 165 }: SpeakOptions): Promise<MonoAudio> {
  if (!VOICE_NAME.test(voice)) throw new Error(`not an eSpeak voice name: ${voice}`);
  const errors: string[] = [];
  const module = await ESpeakNg({
    // -f reads the text from a file, so a text starting with '-' is never taken for an option.
    arguments: ['-v', voice, '-s', String(wordsPerMinute), '-f', '/in.txt', '-w', '/out.wav'],
    preRun: [(m) => m.FS.writeFile('/in.txt', text)],
    print: () => undefined,
    printErr: (line) => errors.push(line),
  });
  let wav: Uint8Array;
  try {
    wav = module.FS.readFile('/out.wav');
  } catch (error) {
    throw new Error(`eSpeak NG wrote no audio: ${errors.join(' ') || String(error)}`, { cause: error });
  }
  return readWav(wav);
}
