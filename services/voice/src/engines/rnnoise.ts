// Noise suppression on this server with no provider: RNNoise (BSD-3-Clause) compiled to WebAssembly. It works on
// 48 kHz audio in frames of 480 samples, with samples in the 16-bit range.
import RNNoise from '@echogarden/rnnoise-wasm';

export const RNNOISE_RATE = 48_000;
const FRAME = 480;

/** Denoises 48 kHz mono samples in [-1, 1]; `onProgress` gets 0-1; stops between frames when `shouldStop` says so. */
export async function denoise(
  samples: Float32Array,
  onProgress?: (fraction: number) => void,
  shouldStop?: () => boolean,
): Promise<Float32Array> {
  const module = await RNNoise();
  const state = module._rnnoise_create(0);
  const input = module._malloc(FRAME * 4);
  const output = module._malloc(FRAME * 4);
  const out = new Float32Array(samples.length);
  const frames = Math.ceil(samples.length / FRAME);
  try {
    for (let frame = 0; frame < frames; frame++) {
      if (shouldStop?.()) throw new Error('noise suppression stopped');
      const start = frame * FRAME;
      // HEAPF32 may be replaced when the heap grows: read it afresh each frame.
      const heap = module.HEAPF32;
      for (let i = 0; i < FRAME; i++) heap[input / 4 + i] = (samples[start + i] ?? 0) * 32768;
      module._rnnoise_process_frame(state, output, input);
      const result = module.HEAPF32;
      for (let i = 0; i < FRAME && start + i < out.length; i++)
        out[start + i] = result[output / 4 + i]! / 32768;
      if (onProgress && frame % 200 === 0) onProgress(frame / frames);
    }
  } finally {
    module._free(input);
    module._free(output);
    module._rnnoise_destroy(state);
  }
  return out;
}
