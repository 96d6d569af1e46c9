// Recording from the microphone, the one way every screen does it (Speech to Speech's recorder, dictation in chat,
// the Chat Agent's conversation mode): MediaRecorder captures the take until stop(), the 5-minute cap
// (LIMITS.audioMaxSeconds) or — with `endOnPause` — a pause after speech, and hands it over as a Blob of the bare
// audio type; cancel() drops it. With `analyse` (or `endOnPause`) an AnalyserNode on the same stream gives the level
// (a meter's value) and tells speech from silence.
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@act/contracts';

export type RecorderState = 'idle' | 'recording';

/** Speech ends a take once the level stays under SPEECH_LEVEL this long (a breath between sentences is shorter). */
export const PAUSE_MS = 1500;
/** A take that has heard nothing this long ends without a recording: nobody is speaking. */
export const NOTHING_HEARD_MS = 10_000;
/**
 * Root mean square level (0-1) above which the microphone is taken to hear speech: room noise on a laptop microphone
 * stays near 0.01, a speaking voice passes 0.05.
 */
export const SPEECH_LEVEL = 0.04;

export interface RecorderOptions {
  /** The take, once stopped (not after cancel). Empty (size 0) when stopped before the microphone gave any sound. */
  onRecorded(recording: Blob): void;
  /** Measure the level (for a meter). */
  analyse?: boolean;
  /** Hands-free: the take ends by itself after speech and a pause; with nothing heard it is dropped. */
  endOnPause?: { onNothingHeard(): void };
}

export interface Recorder {
  state: RecorderState;
  /** Whole seconds recorded so far. */
  seconds: number;
  /** The microphone's level, 0-1, scaled so a normal voice fills most of a meter (0 without `analyse`). */
  level: number;
  /** Starts a take; resolves false when the microphone was refused or is missing. */
  start(): Promise<boolean>;
  /** Ends the take and hands it to onRecorded. */
  stop(): void;
  /** Ends the take and drops it. */
  cancel(): void;
}

/** Root mean square of 8-bit time-domain samples (128 is silence), 0-1. */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) {
    const v = (sample - 128) / 128;
    sum += v * v;
  }
  return Math.min(1, Math.sqrt(sum / samples.length));
}

/** 'audio/webm;codecs=opus' → 'audio/webm' (data URLs and upload rules carry the bare type). */
export function bareAudioType(mimeType: string): string {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('audio/') ? type : 'audio/webm';
}

interface Take {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | null;
  frame: number;
  timer: ReturnType<typeof setInterval>;
  /** Dropped by cancel(): onstop hands nothing over. */
  dropped: boolean;
}

/** Reads an AnalyserNode's current level. */
function levelMeter(stream: MediaStream): { context: AudioContext; read(): number } {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  return {
    context,
    read() {
      analyser.getByteTimeDomainData(samples);
      return levelOf(samples);
    },
  };
}

/** Tells, tick by tick, whether a hands-free take should end: after speech and a pause, or with nothing heard. */
function pauseWatch(startedAt: number) {
  let heard = false;
  let quietSince = startedAt;
  return (level: number, now: number): 'go-on' | 'paused' | 'nothing-heard' => {
    if (level >= SPEECH_LEVEL) {
      heard = true;
      quietSince = now;
      return 'go-on';
    }
    if (heard) return now - quietSince >= PAUSE_MS ? 'paused' : 'go-on';
    return now - startedAt >= NOTHING_HEARD_MS ? 'nothing-heard' : 'go-on';
  };
}

export function useRecorder(options: RecorderOptions): Recorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const [level, setLevel] = useState(0);
  const take = useRef<Take | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const release = () => {
    const current = take.current;
    take.current = null;
    if (!current) return;
    cancelAnimationFrame(current.frame);
    clearInterval(current.timer);
    for (const track of current.stream.getTracks()) track.stop();
    void current.context?.close().catch(() => undefined);
    setState('idle');
    setLevel(0);
  };

  const end = (drop: boolean) => {
    const current = take.current;
    if (!current) return;
    current.dropped ||= drop;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else release();
  };

  // Leaving the page ends the take and hands nothing over.
  useEffect(
    () => () => {
      const current = take.current;
      if (current) {
        current.recorder.onstop = null;
        if (current.recorder.state !== 'inactive') current.recorder.stop();
      }
      release();
    },
    [],
  );

  const start = async () => {
    if (take.current) return true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return false;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const dropped = take.current?.dropped ?? true;
      const type = bareAudioType(recorder.mimeType || chunks[0]?.type || 'audio/webm');
      release();
      if (!dropped) latest.current.onRecorded(new Blob(chunks, { type }));
    };
    const { analyse, endOnPause } = latest.current;
    const meter = analyse || endOnPause ? levelMeter(stream) : null;
    const startedAt = Date.now();
    const watch = pauseWatch(startedAt);
    const current: Take = {
      stream,
      recorder,
      context: meter?.context ?? null,
      frame: 0,
      dropped: false,
      timer: setInterval(() => {
        const now = Date.now();
        const elapsed = Math.floor((now - startedAt) / 1000);
        setSeconds(elapsed);
        if (elapsed >= LIMITS.audioMaxSeconds) return end(false);
        if (!meter || !endOnPause) return undefined;
        const verdict = watch(meter.read(), now);
        if (verdict === 'paused') end(false);
        if (verdict === 'nothing-heard') {
          end(true);
          latest.current.endOnPause?.onNothingHeard();
        }
        return undefined;
      }, 100),
    };
    if (meter && analyse) {
      const measure = () => {
        // Speech rarely passes an RMS of 0.3: scaled so a normal voice fills most of the meter.
        setLevel(Math.min(1, meter.read() * 3));
        current.frame = requestAnimationFrame(measure);
      };
      current.frame = requestAnimationFrame(measure);
    }
    take.current = current;
    recorder.start(1000);
    setSeconds(0);
    setState('recording');
    return true;
  };

  return { state, seconds, level, start, stop: () => end(false), cancel: () => end(true) };
}
