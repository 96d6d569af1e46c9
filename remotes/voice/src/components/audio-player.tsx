// The one audio player of the voice screens: play/pause, a seek bar and the time, Download under the spec's file name,
// and for the tools that start from a recording a before/after switch that keeps the position. The <audio> element
// does the playing, so the signed URLs (Range requests) seek for real.
import { useEffect, useRef, useState } from 'react';
import { Download, Pause, Play } from 'lucide-react';
import { UI_TEXTS, type AudioClip } from '@act/contracts';
import { Button, SegmentedControl } from '@act/host-sdk';
import { downloadClip } from '../api/voice-api';
import { formatTime } from './time';
import './audio-player.css';

const T = UI_TEXTS.voice;

export interface PlayerSource {
  key: string;
  label: string;
  url: string;
}

export interface AudioPlayerProps {
  /** The result: what plays (audioUrl), what Download saves (downloadUrl as fileName), its known length. */
  clip: Pick<AudioClip, 'audioUrl' | 'downloadUrl' | 'fileName' | 'durationSeconds'>;
  /** Accessible name of the player region. */
  label: string;
  /** The recording the result was made from: adds the before/after switch (labels Before and After). */
  original?: string | null;
  /** Name of the switch group, when `original` is given. */
  compareLabel?: string;
  className?: string;
}

type Side = 'before' | 'after';

export function AudioPlayer({ clip, label, original, compareLabel, className }: AudioPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [side, setSide] = useState<Side>('after');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // Where to continue (and whether to keep playing) once the other side of the switch has loaded.
  const resume = useRef<{ at: number; play: boolean } | null>(null);

  const src = side === 'before' && original ? original : clip.audioUrl;
  const knownDuration = duration ?? clip.durationSeconds ?? 0;

  // A new result starts from the beginning, on its After side.
  useEffect(() => {
    setSide('after');
    setTime(0);
    setDuration(null);
    setPlaying(false);
    setDownloadError(null);
    resume.current = null;
  }, [clip.audioUrl]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  const seek = (value: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = value;
    setTime(value);
  };

  const switchSide = (next: Side) => {
    const element = audio.current;
    if (element) resume.current = { at: element.currentTime, play: !element.paused };
    setSide(next);
  };

  const onLoadedMetadata = () => {
    const element = audio.current;
    if (!element) return;
    if (Number.isFinite(element.duration) && element.duration > 0) setDuration(element.duration);
    const pending = resume.current;
    resume.current = null;
    if (pending) {
      element.currentTime = Math.min(
        pending.at,
        Number.isFinite(element.duration) ? element.duration : pending.at,
      );
      setTime(element.currentTime);
      if (pending.play) void element.play().catch(() => setPlaying(false));
    }
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadClip(clip);
    } catch (error) {
      setDownloadError((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className={['vo-player', className].filter(Boolean).join(' ')} aria-label={label}>
      {original && (
        <SegmentedControl<Side>
          label={compareLabel ?? label}
          value={side}
          onValueChange={switchSide}
          options={[
            { value: 'before', label: UI_TEXTS.common.before },
            { value: 'after', label: UI_TEXTS.common.after },
          ]}
          className="vo-player__compare"
        />
      )}
      {/* Generated audio has no caption track: its words (if any) are the text the user typed, shown on the page. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={() => setTime(audio.current?.currentTime ?? 0)}
        onLoadedMetadata={onLoadedMetadata}
        onDurationChange={() => {
          const d = audio.current?.duration;
          if (d !== undefined && Number.isFinite(d) && d > 0) setDuration(d);
        }}
      />
      <div className="vo-player__controls">
        <Button
          variant="primary"
          size="sm"
          className="vo-player__play"
          onClick={toggle}
          aria-label={playing ? T.pause : T.play}
        >
          {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
        </Button>
        <input
          type="range"
          className="vo-player__seek"
          aria-label={T.seek}
          aria-valuetext={`${formatTime(time)} / ${formatTime(knownDuration)}`}
          min={0}
          max={knownDuration > 0 ? knownDuration : 0}
          step={0.01}
          value={Math.min(time, knownDuration)}
          onChange={(event) => seek(Number(event.target.value))}
          disabled={knownDuration <= 0}
        />
        <span className="vo-player__time" aria-live="off">
          {formatTime(time)} / {formatTime(knownDuration)}
        </span>
        <Button variant="outline" size="sm" onClick={() => void download()} busy={downloading}>
          {!downloading && <Download size={16} aria-hidden />}
          {downloading ? T.downloading : T.download}
        </Button>
      </div>
      {downloadError && (
        <p className="act-error-text" role="alert">
          {downloadError}
        </p>
      )}
    </section>
  );
}
