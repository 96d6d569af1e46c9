// Offline OCR with tesseract.js: the wasm core comes from the tesseract.js-core npm package and the English model
// from @tesseract.js-data/eng, so nothing is fetched at run time. Workers start on first use and are reused.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { openImage } from '@act/service-kit/media';

export interface OcrResult {
  text: string;
  /** Mean word confidence, 0..100. */
  confidence: number;
}

export interface OcrJob {
  /** Aborted when the job's time budget runs out: the engine then really stops (terminates its worker). */
  signal: AbortSignal;
  budgetMs: number;
}

export interface OcrEngine {
  recognise(image: Buffer, job: OcrJob): Promise<OcrResult>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * Folder holding eng.traineddata.gz. The integer "best" LSTM model is the one tesseract.js itself picks for the LSTM
 * engine; both folders ship in the npm package.
 */
export function englishModelDir(): string {
  const packageDir = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return path.join(packageDir, '4.0.0_best_int');
}

// Tesseract reads small text badly and gains nothing past ~2500 px; greyscale with stretched levels helps it most.
const MIN_OCR_WIDTH = 1000;
const MAX_OCR_EDGE = 2500;
/** What tesseract is given at most, after any upscale: its time grows with the area it has to lay out. */
export const MAX_OCR_PIXELS = 4_000_000;

/** The size the image is scaled to before OCR: small text upscaled (up to 3×), then capped in edge and in area. */
export function ocrSize(width: number, height: number): { width: number; height: number } {
  let scale = width < MIN_OCR_WIDTH ? Math.min(3, MIN_OCR_WIDTH / width) : 1;
  scale = Math.min(scale, MAX_OCR_EDGE / width, MAX_OCR_EDGE / height);
  scale = Math.min(scale, Math.sqrt(MAX_OCR_PIXELS / (width * height)));
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
}

async function prepareForOcr(image: Buffer, budgetSeconds: number): Promise<Buffer> {
  const { width, height } = (await openImage(image).metadata()).autoOrient;
  return (
    openImage(image)
      // libvips stops on its own when the budget is gone, so a cancelled job does not keep a core busy either.
      .timeout({ seconds: budgetSeconds })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ ...ocrSize(width, height), fit: 'fill' })
      .greyscale()
      .normalise()
      .png()
      .toBuffer()
  );
}

function startWorker(): Promise<Worker> {
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: englishModelDir(),
    gzip: true,
    // The model is read from node_modules on every start; never write a cache file into the working directory.
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  });
}

function abortedError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('OCR cancelled');
}

/**
 * OCR on tesseract worker threads, one per job running at once (the caller's work pool bounds how many). Idle workers
 * are kept for the next job; a job whose signal aborts terminates its worker at once (tesseract cannot be interrupted
 * any other way) and the next job starts a fresh one.
 */
export function createOcrEngine(): OcrEngine {
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  let closed = false;

  const settleWorker = (worker: Worker, reusable: boolean) => {
    busy.delete(worker);
    if (reusable && !closed) idle.push(worker);
    else void worker.terminate();
  };

  return {
    async recognise(image, { signal, budgetMs }) {
      const prepared = await prepareForOcr(image, Math.max(1, Math.ceil(budgetMs / 1000)));
      if (signal.aborted) throw abortedError(signal);
      const worker = idle.pop() ?? (await startWorker());
      busy.add(worker);
      let onAbort: (() => void) | undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(abortedError(signal));
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const { data } = await Promise.race([worker.recognize(prepared), aborted]);
        settleWorker(worker, true);
        return { text: data.text.trim(), confidence: data.confidence };
      } catch (error) {
        settleWorker(worker, false);
        throw error;
      } finally {
        if (onAbort) signal.removeEventListener('abort', onAbort);
      }
    },
    async close() {
      closed = true;
      const workers = [...idle.splice(0), ...busy];
      busy.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
