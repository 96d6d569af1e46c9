// A worker thread that does local audio work off the service's event loop, one task at a time: speech with eSpeak
// NG, or voice isolation with RNNoise (MP3 or WAV decoded here), each encoded to MP3. It reports progress as it goes
// and posts the result; it stays for the next task, and the service terminates it when a task must stop (time
// budget, shutdown).
import { parentPort } from 'node:worker_threads';
import { speak } from './espeak';
import { decodeMp3, encodeMp3 } from './mp3';
import { readWav, resample, type MonoAudio } from './pcm';
import { denoise, RNNOISE_RATE } from './rnnoise';
import type { LocalTask, LocalWorkerMessage } from './local-task';

/** Offline speech: 22.05 kHz mono at 64 kbit/s is plenty for eSpeak's voice and keeps files small. */
const SPEECH_KBPS = 64;
/** Isolated voice: 48 kHz mono (RNNoise's rate) at 96 kbit/s. */
const ISOLATED_KBPS = 96;

const post = (message: LocalWorkerMessage) => parentPort?.postMessage(message);
const progress = (fraction: number) =>
  post({ type: 'progress', fraction: Math.max(0, Math.min(1, fraction)) });

async function run(task: LocalTask): Promise<{ mp3: Uint8Array; durationSeconds: number }> {
  if (task.kind === 'speak') {
    progress(0.05);
    const audio = await speak(task.text, { voice: task.voice });
    progress(0.7);
    const mp3 = encodeMp3(audio, SPEECH_KBPS, (f) => progress(0.7 + f * 0.3));
    return { mp3, durationSeconds: audio.samples.length / audio.sampleRate };
  }
  progress(0.02);
  const decoded: MonoAudio = task.mime === 'audio/wav' ? readWav(task.bytes) : await decodeMp3(task.bytes);
  progress(0.1);
  const at48k = resample(decoded.samples, decoded.sampleRate, RNNOISE_RATE);
  const clean = await denoise(at48k, (f) => progress(0.1 + f * 0.7));
  progress(0.8);
  const mp3 = encodeMp3({ samples: clean, sampleRate: RNNOISE_RATE }, ISOLATED_KBPS, (f) =>
    progress(0.8 + f * 0.2),
  );
  return { mp3, durationSeconds: clean.length / RNNOISE_RATE };
}

parentPort?.on('message', (task: LocalTask) => {
  run(task).then(
    (result) => post({ type: 'done', ...result }),
    (error: unknown) =>
      post({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
        unreadable: error instanceof Error && error.name === 'UnreadableAudioError',
      }),
  );
});
