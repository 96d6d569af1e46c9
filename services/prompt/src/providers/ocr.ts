// Offline OCR with tesseract.js: the wasm core comes from the tesseract.js-core npm package and the English model
// from @tesseract.js-data/eng, so nothing is fetched at run time. One worker, started on first use and reused.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';

export interface OcrResult {
  text: string;
  /** Mean word confidence, 0..100. */
  confidence: number;
}

export interface OcrEngine {
  recognise(image: Buffer): Promise<OcrResult>;
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

async function prepareForOcr(image: Buffer): Promise<Buffer> {
  const { width } = (await sharp(image).metadata()).autoOrient;
  const upscale = width < MIN_OCR_WIDTH ? Math.min(3, MIN_OCR_WIDTH / width) : 1;
  return sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({
      width: Math.min(MAX_OCR_EDGE, Math.round(width * upscale)),
      height: MAX_OCR_EDGE,
      fit: 'inside',
      withoutEnlargement: upscale === 1,
    })
    .greyscale()
    .normalise()
    .png()
    .toBuffer();
}

export function createOcrEngine(): OcrEngine {
  let worker: Promise<Worker> | undefined;

  const getWorker = () => {
    worker ??= createWorker('eng', OEM.LSTM_ONLY, {
      langPath: englishModelDir(),
      gzip: true,
      // The model is read from node_modules on every start; never write a cache file into the working directory.
      cacheMethod: 'none',
      logger: () => undefined,
      errorHandler: () => undefined,
    }).catch((error: unknown) => {
      // A failed start must not poison every later request.
      worker = undefined;
      throw error;
    });
    return worker;
  };

  return {
    async recognise(image) {
      const prepared = await prepareForOcr(image);
      const ready = await getWorker();
      const { data } = await ready.recognize(prepared);
      return { text: data.text.trim(), confidence: data.confidence };
    },
    async close() {
      const pending = worker;
      worker = undefined;
      if (pending) await (await pending.catch(() => undefined))?.terminate();
    },
  };
}
