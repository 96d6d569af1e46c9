// The browser's microphone faked at its edges, for page and hook tests (jsdom has none): getUserMedia gives a stream
// whose track can be stopped (or is refused), MediaRecorder hands over one small WebM take and fires stop, and the
// AnalyserNode returns the samples the test sets: loud is speech, flat (128) is silence.
import { vi } from 'vitest';

const FRAME = 1024;
const SILENCE = () => new Uint8Array(FRAME).fill(128);
const SPEECH = () => Uint8Array.from({ length: FRAME }, (_, i) => (i % 2 === 0 ? 200 : 56));

export class FakeRecorder {
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(private readonly take: () => Uint8Array) {}
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([this.take() as BlobPart], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

export class FakeMicrophone {
  /** 8-bit samples the analyser reads: 128 is silence. */
  samples = SILENCE();
  /** How many times a stream's track was stopped (the microphone let go). */
  stopped = 0;
  /** Every MediaRecorder made, in order. */
  recorders: FakeRecorder[] = [];
  /** getUserMedia refuses (NotAllowedError). */
  denied = false;
  /** What each take hands over when it stops: a WebM header and a few bytes. */
  take = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);

  /** Stubs navigator.mediaDevices, MediaRecorder and AudioContext (undo with vi.unstubAllGlobals). */
  install(): this {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the fakes below are classes of their own
    const mic = this;
    const stream = { getTracks: () => [{ stop: () => (mic.stopped += 1) }] };
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: navigator.clipboard,
      mediaDevices: {
        getUserMedia: async () => {
          if (mic.denied) throw new DOMException('Permission denied', 'NotAllowedError');
          return stream;
        },
      },
    });
    vi.stubGlobal(
      'MediaRecorder',
      class extends FakeRecorder {
        constructor() {
          super(() => mic.take);
          mic.recorders.push(this);
        }
      },
    );
    vi.stubGlobal(
      'AudioContext',
      class {
        createAnalyser() {
          return {
            fftSize: FRAME,
            getByteTimeDomainData: (target: Uint8Array) => target.set(mic.samples.subarray(0, target.length)),
          };
        }
        createMediaStreamSource() {
          return { connect: () => undefined };
        }
        close() {
          return Promise.resolve();
        }
      },
    );
    return this;
  }

  speak(): void {
    this.samples = SPEECH();
  }

  pause(): void {
    this.samples = SILENCE();
  }
}
