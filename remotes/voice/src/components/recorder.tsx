// Recording from the microphone for Speech to Speech: MediaRecorder captures the take while an AnalyserNode on the
// same stream drives a level meter, and the time runs; stopping (or reaching the 5-minute cap) hands the take over
// as an audio File, exactly like an upload.
import { useEffect, useRef, useState } from 'react';
import { Mic, Square } from 'lucide-react';
import { LIMITS, UI_TEXTS } from '@act/contracts';
import { Button, announce } from '@act/host-sdk';
import { formatTime } from './time';
import './recorder.css';

const T = UI_TEXTS.speechToSpeech;

interface Take {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext;
  frame: number;
  timer: ReturnType<typeof setInterval>;
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

/** 'audio/webm;codecs=opus' → 'audio/webm' (data URLs carry the bare type). */
function bareType(mimeType: string): string {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('audio/') ? type : 'audio/webm';
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

export interface RecorderProps {
  onRecorded(file: File): void;
  disabled?: boolean;
}

export function Recorder({ onRecorded, disabled }: RecorderProps) {
  const take = useRef<Take | null>(null);
  const [recording, setRecording] = useState(false);
  const [level, setLevel] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(onRecorded);
  useEffect(() => {
    latest.current = onRecorded;
  });

  const release = () => {
    const current = take.current;
    take.current = null;
    if (!current) return;
    cancelAnimationFrame(current.frame);
    clearInterval(current.timer);
    for (const track of current.stream.getTracks()) track.stop();
    void current.context.close().catch(() => undefined);
  };

  useEffect(
    () => () => {
      const current = take.current;
      if (current && current.recorder.state !== 'inactive') current.recorder.stop();
      release();
    },
    [],
  );

  const stop = () => {
    const current = take.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  };

  const start = async () => {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(T.microphoneDenied);
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const type = bareType(recorder.mimeType || chunks[0]?.type || 'audio/webm');
      const at = Date.now();
      const file = new File(chunks, `${T.recordedFileName(at)}.${EXTENSIONS[type] ?? 'webm'}`, { type });
      release();
      setRecording(false);
      announce(UI_TEXTS.announce.recordingStopped);
      setLevel(0);
      latest.current(file);
    };

    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const startedAt = Date.now();
    const current: Take = {
      stream,
      recorder,
      context,
      frame: 0,
      timer: setInterval(() => {
        const elapsed = Math.floor((Date.now() - startedAt) / 1000);
        setSeconds(elapsed);
        if (elapsed >= LIMITS.audioMaxSeconds) stop();
      }, 250),
    };
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      // Speech rarely passes an RMS of 0.3: scaled so a normal voice fills most of the meter.
      setLevel(Math.min(1, levelOf(samples) * 3));
      current.frame = requestAnimationFrame(measure);
    };
    take.current = current;
    current.frame = requestAnimationFrame(measure);
    recorder.start(1000);
    setSeconds(0);
    setRecording(true);
    announce(UI_TEXTS.announce.recordingStarted);
  };

  const percent = Math.round(level * 100);
  return (
    <div className="act-stack vo-recorder">
      <div className="vo-recorder__controls">
        {recording ? (
          <Button variant="danger" onClick={stop}>
            <Square size={16} aria-hidden />
            {T.stopRecording}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void start()} disabled={disabled}>
            <Mic size={16} aria-hidden />
            {T.record}
          </Button>
        )}
        {recording && (
          // role="timer" is not read as it ticks; start and stop are announced instead.
          <span className="vo-recorder__time" role="timer">
            {T.recording} {formatTime(seconds)}
          </span>
        )}
      </div>
      {recording && (
        <div
          className="vo-meter"
          role="meter"
          aria-label={T.levelLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="vo-meter__bar" style={{ width: `${percent}%` }} />
        </div>
      )}
      {error && (
        <p className="act-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
