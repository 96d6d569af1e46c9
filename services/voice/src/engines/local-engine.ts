// Runs local audio work (eSpeak NG speech, RNNoise isolation) in worker threads, so one long TTS or isolation never
// blocks the service's other requests. The service kit's work pool bounds how many run at once (and per member) and
// gives each a time budget; a task that runs out of it, or is stopped, has its thread terminated at once. Threads
// that finished a task wait (unreferenced) for the next one, so the engines' start-up is paid once per thread.
import { Worker } from 'node:worker_threads';
import { observeProvider, serviceMetrics, type WorkPool } from '@act/service-kit';
import type { LocalResult, LocalTask, LocalWorkerMessage } from './local-task';
import { UnreadableAudioError } from './pcm';

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
 * is counted on the voice service's /metrics like a provider call (provider local, operation: the tool).
 */
export function createLocalEngine(pool: WorkPool, threads = createWorkerThreads(2)): LocalEngine {
  const engine: LocalEngine = {
    run: (callerKey, task, { onProgress, signal } = {}) =>
      pool.run(callerKey, (poolSignal) =>
        threads.run(task, {
          onProgress,
          signal: signal ? AbortSignal.any([poolSignal, signal]) : poolSignal,
        }),
      ),
    close: () => threads.close(),
  };
  return observeProvider(engine, {
    metrics: serviceMetrics('voice'),
    provider: 'local',
    operations: { run: (_callerKey, task) => (task.kind === 'speak' ? 'text-to-speech' : 'voice-isolator') },
  });
}
