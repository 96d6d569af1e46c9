// Types for the two Emscripten builds the local engines load (neither package ships its own).

declare module 'espeak-ng' {
  interface ESpeakNgModule {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
    };
  }
  interface ESpeakNgOptions {
    /** The command line of one eSpeak NG run (it runs when the module is created). */
    arguments: string[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    preRun?: Array<(module: ESpeakNgModule) => void>;
  }
  const ESpeakNg: (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
  export default ESpeakNg;
}

declare module '@echogarden/rnnoise-wasm' {
  interface RNNoiseModule {
    HEAPF32: Float32Array;
    _rnnoise_create(model: number): number;
    _rnnoise_destroy(state: number): void;
    /** Denoises one 480-sample frame (float in 16-bit range) from `input` to `output`; returns the voice probability. */
    _rnnoise_process_frame(state: number, output: number, input: number): number;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
  }
  const RNNoise: (options?: Record<string, unknown>) => Promise<RNNoiseModule>;
  export default RNNoise;
}
