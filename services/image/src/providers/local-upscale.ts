// The standard upscale, done here without a model or a key: a Lanczos (3-lobe) resize to exactly `scale` times the
// picture, then a mild unsharp mask to take the softness off the enlarged edges. It adds no detail; the page calls
// it "standard upscale" for that reason. JPEG like every stored hub result.
import { observeProvider, serviceMetrics, type WorkPool } from '@act/service-kit';
import { openImage } from '@act/service-kit/media';
import { RESULT_JPEG_QUALITY, type EffectResult } from './local-effects';

/** Unsharp mask: a small radius and gentle amounts, enough to undo the resize's blur without halos. */
const SHARPEN = { sigma: 0.8, m1: 0.6, m2: 1.2 } as const;

export async function standardUpscale(bytes: Buffer, scale: number): Promise<EffectResult> {
  const { width, height } = (await openImage(bytes).metadata()).autoOrient;
  const target = { width: width * scale, height: height * scale };
  const out = await openImage(bytes)
    .rotate()
    .resize(target.width, target.height, { kernel: 'lanczos3', fit: 'fill' })
    .sharpen(SHARPEN)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: RESULT_JPEG_QUALITY })
    .toBuffer();
  return { bytes: out, ...target };
}

export interface LocalUpscaler {
  run(callerKey: string, bytes: Buffer, scale: number): Promise<EffectResult>;
}

/** Runs in the effects' pool (the same cores), counted like a provider call (provider local, operation upscale). */
export function createLocalUpscaler(pool: WorkPool): LocalUpscaler {
  return observeProvider(
    {
      run: (callerKey, bytes, scale) => pool.run(callerKey, () => standardUpscale(bytes, scale)),
    } as LocalUpscaler,
    { metrics: serviceMetrics('image'), provider: 'local', operations: { run: 'upscale' } },
  );
}
