// An audio file chosen by click or drop, checked with the spec's texts (an audio type, under 5MB) and, where this
// server runs the tool without a provider key, against the types it can read; shown with its name, size in KB and a
// remove button. Like host-sdk's image drop zone, the zone is one focusable button (Enter or Space opens the file
// chooser) named by its text and the accepted types, and focus follows when choosing or removing swaps the zone and
// the file (docs/architecture.md#keyboard-and-focus).
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { FileAudio, Upload, X } from 'lucide-react';
import { ERROR_TEXTS, type VoiceToolStatus } from '@act/contracts';
import { AUDIO_ACCEPT, Button, checkAudioFile, formatFileSizeKb } from '@act/host-sdk';
import './audio-upload.css';

export interface AudioUploadProps {
  file: File | null;
  onFile(file: File | null): void;
  title: string;
  hint: string;
  removeLabel: string;
  status?: VoiceToolStatus;
  disabled?: boolean;
}

/** Browsers name some formats differently (audio/x-wav, audio/mp3...): the names the service lists. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
};

/** A file's type as the service names it ('audio/x-wav' → 'audio/wav'). */
export function canonicalAudioType(type: string): string {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  return TYPE_ALIASES[bare] ?? bare;
}

/**
 * Null when the file can be sent, else the text to show: the spec's type and size texts, and where this server runs
 * the tool locally, the formats its decoders read (the service checks the bytes either way).
 */
export function checkVoiceUpload(file: Pick<File, 'type' | 'size'>, status?: VoiceToolStatus): string | null {
  const problem = checkAudioFile(file);
  if (problem) return problem;
  if (status?.engine === 'local' && status.acceptedAudio.length > 0) {
    if (!status.acceptedAudio.includes(canonicalAudioType(file.type))) return ERROR_TEXTS.voice.localFormats;
  }
  return null;
}

export function AudioUpload({ file, onFile, title, hint, removeLabel, status, disabled }: AudioUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // The focused zone (or Remove) has just been replaced by the file (or the zone): focus its successor.
  const shown = file ? 'file' : 'zone';
  const lastShown = useRef(shown);
  useEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    if (document.activeElement && document.activeElement !== document.body) return;
    (shown === 'file' ? card : zone).current?.focus();
  }, [shown]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkVoiceUpload(chosen, status);
    setError(problem);
    if (!problem) onFile(chosen);
  };

  const openPicker = () => {
    if (!disabled) input.current?.click();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="act-stack vo-upload">
      {file ? (
        <div
          ref={card}
          className="act-card vo-upload__file"
          role="group"
          aria-label={file.name}
          tabIndex={-1}
        >
          <FileAudio size={20} aria-hidden />
          <span className="vo-upload__name">{file.name}</span>
          <span className="vo-upload__size">{formatFileSizeKb(file.size)}</span>
          <Button
            variant="ghost"
            size="sm"
            aria-label={removeLabel}
            onClick={() => {
              setError(null);
              onFile(null);
              if (input.current) input.current.value = '';
            }}
            disabled={disabled}
          >
            <X size={16} aria-hidden />
          </Button>
        </div>
      ) : (
        <div
          ref={zone}
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled || undefined}
          aria-describedby={hintId}
          className={`act-dropzone vo-upload__zone${dragging ? ' vo-upload__zone--active' : ''}`}
          onClick={openPicker}
          onKeyDown={onKeyDown}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Upload className="act-dropzone__icon" size={28} aria-hidden />
          <span className="act-dropzone__title">{title}</span>
          <span id={hintId} className="act-dropzone__hint">
            {hint}
          </span>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept={AUDIO_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label={title}
        disabled={disabled}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {error && (
        <p className="act-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
