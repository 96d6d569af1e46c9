// Recording from the microphone for Speech to Speech (host-sdk useRecorder): the take is recorded while its level
// drives a meter and the time runs; stopping (or reaching the 5-minute cap) hands the take over as an audio File,
// exactly like an upload.
import { useState } from 'react';
import { Mic, Square } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button, announce, useRecorder } from '@act/host-sdk';
import { formatTime } from './time';
import './recorder.css';

const T = UI_TEXTS.speechToSpeech;

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
  const [error, setError] = useState<string | null>(null);
  const recorder = useRecorder({
    analyse: true,
    onRecorded(recording) {
      const name = `${T.recordedFileName(Date.now())}.${EXTENSIONS[recording.type] ?? 'webm'}`;
      announce(UI_TEXTS.announce.recordingStopped);
      onRecorded(new File([recording], name, { type: recording.type }));
    },
  });
  const recording = recorder.state === 'recording';

  const start = async () => {
    setError(null);
    if (!(await recorder.start())) {
      setError(T.microphoneDenied);
      return;
    }
    announce(UI_TEXTS.announce.recordingStarted);
  };

  const percent = Math.round(recorder.level * 100);
  return (
    <div className="act-stack vo-recorder">
      <div className="vo-recorder__controls">
        {recording ? (
          <Button variant="danger" onClick={recorder.stop}>
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
            {T.recording} {formatTime(recorder.seconds)}
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
