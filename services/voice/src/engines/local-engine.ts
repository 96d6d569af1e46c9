// The offline engine (no provider key): speech with eSpeak NG and voice isolation with RNNoise, both WebAssembly,
// each encoded to MP3. The work runs in worker threads, so one long TTS or isolation never blocks the service's other
// requests: the service kit's work pool bounds how many run at once (and per member) and gives each a time budget; a
// task that runs out of it, or is stopped, has its thread terminated at once. Threads that finished a task wait
// (unreferenced) for the next one, so the engines' start-up is paid once per thread. This module is both sides: the
// service's (`createLocalEngine`) and the thread's (`serveLocalTasks`, started by `local-worker.ts`), which alone loads
// the WebAssembly packages.
import { parentPort, Worker } from 'node:worker_threads';
import type { WorkPool } from '@act/service-kit';
import { readWav, resample, UnreadableAudioError, type MonoAudio } from './pcm';

export type LocalTask =
  | { kind: 'speak'; text: string; voice: string }
  | { kind: 'isolate'; bytes: Uint8Array; mime: 'audio/mpeg' | 'audio/wav' };

type LocalWorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; mp3: Uint8Array; durationSeconds: number }
  | { type: 'error'; message: string; unreadable: boolean };

export interface LocalResult {
  mp3: Buffer;
  durationSeconds: number;
}

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./local-worker${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url);
/**
 * The services run their TypeScript through tsx; Node 20 does not pass module hooks on to worker threads, so a
 * worker started from source loads its module through tsx's API.
 */
const WORKER_BOOTSTRAP = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(import.meta.url)}))`;

export interface RunOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface LocalEngine {
  /** Runs a task when the pool has a slot for `callerKey`; rejects with the pool's 503 or timeout, or the task's error. */
  run(callerKey: string, task: LocalTask, options?: RunOptions): Promise<LocalResult>;
  /** Ends the idle threads (shutdown, tests). */
  close(): Promise<void>;
}

export interface WorkerThreads {
  run(task: LocalTask, options?: RunOptions): Promise<LocalResult>;
  close(): Promise<void>;
}

/** Worker threads kept for reuse, at most `keep` of them idle. */
export function createWorkerThreads(keep: number): WorkerThreads {
  const idle: Worker[] = [];
  const spawn = () => (FROM_SOURCE ? new Worker(WORKER_BOOTSTRAP, { eval: true }) : new Worker(WORKER_URL));

  return {
    run(task, { onProgress, signal } = {}) {
      return new Promise<LocalResult>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason as Error);
        const worker = idle.pop() ?? spawn();
        worker.ref();
        let settled = false;
        const finish = (reusable: boolean, action: () => void) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', stop);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          if (reusable && idle.length < keep) {
            worker.unref();
            idle.push(worker);
          } else void worker.terminate();
          action();
        };
        const stop = () => finish(false, () => reject(signal?.reason as Error));
        const onMessage = (message: LocalWorkerMessage) => {
          if (message.type === 'progress') onProgress?.(message.fraction);
          else if (message.type === 'done') {
            finish(true, () =>
              resolve({ mp3: Buffer.from(message.mp3), durationSeconds: message.durationSeconds }),
            );
          } else {
            finish(true, () =>
              reject(
                message.unreadable ? new UnreadableAudioError(message.message) : new Error(message.message),
              ),
            );
          }
        };
        const onError = (error: Error) => finish(false, () => reject(error));
        const onExit = (code: number) =>
          finish(false, () => reject(new Error(`local audio worker exited with code ${code}`)));
        signal?.addEventListener('abort', stop, { once: true });
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(task);
      });
    },
    async close() {
      await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
    },
  };
}

/**
 * Local work through the pool: admitted (or refused with a 503 when the queue is full), budgeted, stoppable. Each run
 * is counted on the voice service's /metrics like a provider call by `providers/index.ts` (provider local).
 */
export function createLocalEngine(pool: WorkPool, threads = createWorkerThreads(2)): LocalEngine {
  return {
    run: (callerKey, task, { onProgress, signal } = {}) =>
      pool.run(callerKey, (poolSignal) =>
        threads.run(task, {
          onProgress,
          signal: signal ? AbortSignal.any([poolSignal, signal]) : poolSignal,
        }),
      ),
    close: () => threads.close(),
  };
}

// The thread's side.

/** Offline speech: 22.05 kHz mono at 64 kbit/s is plenty for eSpeak's voice and keeps files small. */
const SPEECH_KBPS = 64;
/** Isolated voice: 48 kHz mono (RNNoise's rate) at 96 kbit/s. */
const ISOLATED_KBPS = 96;
/** An eSpeak NG voice name, optionally with a variant ('en-us', 'en-us+f3'). */
const VOICE_NAME = /^[a-z]{2,3}(-[a-z0-9]{2,8})*(\+[a-z0-9]{1,8})?$/i;
/** Words per minute (eSpeak's default is 175). */
const WORDS_PER_MINUTE = 165;

/** eSpeak NG (GPL-3.0), its voice data inside the package: one run per text, the WAV (22.05 kHz mono) read back. */
async function speak(text: string, voice: string): Promise<MonoAudio> {
  if (!VOICE_NAME.test(voice)) throw new Error(`not an eSpeak voice name: ${voice}`);
  const { default: ESpeakNg } = await import('espeak-ng');
  const errors: string[] = [];
  const module = await ESpeakNg({
    // -f reads the text from a file, so a text starting with '-' is never taken for an option.
    arguments: ['-v', voice, '-s', String(WORDS_PER_MINUTE), '-f', '/in.txt', '-w', '/out.wav'],
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

/** One task, reporting 0-1 as it goes: speech, or isolation (MP3 or WAV decoded here); either way MP3 out. */
async function runTask(
  task: LocalTask,
  progress: (fraction: number) => void,
): Promise<{ mp3: Uint8Array; durationSeconds: number }> {
  const { decodeMp3, encodeMp3 } = await import('./mp3');
  if (task.kind === 'speak') {
    progress(0.05);
    const audio = await speak(task.text, task.voice);
    progress(0.7);
    const mp3 = encodeMp3(audio, SPEECH_KBPS, (f) => progress(0.7 + f * 0.3));
    return { mp3, durationSeconds: audio.samples.length / audio.sampleRate };
  }
  const { denoise, RNNOISE_RATE } = await import('./rnnoise');
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

/**
 * The thread: one task at a time, progress posted as it goes, then the result. It stays for the next task; the service
 * terminates it when a task must stop (time budget, shutdown).
 */
export function serveLocalTasks(port = parentPort): void {
  const post = (message: LocalWorkerMessage) => port?.postMessage(message);
  const progress = (fraction: number) =>
    post({ type: 'progress', fraction: Math.max(0, Math.min(1, fraction)) });
  port?.on('message', (task: LocalTask) => {
    runTask(task, progress).then(
      (result) => post({ type: 'done', ...result }),
      (error: unknown) =>
        post({
          type: 'error',
          message: error instanceof Error ? error.message : String(error),
          unreadable: error instanceof Error && error.name === 'UnreadableAudioError',
        }),
    );
  });
}
