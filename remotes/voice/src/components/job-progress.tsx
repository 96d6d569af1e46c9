// The wait of a voice run: the job's progress from its streamed events, the seconds since it started and what the
// wait usually is (voice isolation: 30 to 120 seconds). Not a live region: the seconds tick; useVoiceJob announces the
// start, each quarter and the result instead (docs/architecture.md#status-announcements).
import { Progress, Spinner } from '@act/host-sdk';
import { UI_TEXTS } from '@act/contracts';
import { formatTime } from './time';
import './job-progress.css';

export interface JobProgressProps {
  title: string;
  progress: number;
  elapsedSeconds: number;
  label: string;
  hint?: string;
}

export function JobProgress({ title, progress, elapsedSeconds, label, hint }: JobProgressProps) {
  return (
    <div className="vo-progress">
      <div className="vo-progress__head">
        <Spinner size={18} decorative />
        <span className="vo-progress__title">{title}</span>
        <span className="vo-progress__percent">{UI_TEXTS.voice.progress(progress)}</span>
      </div>
      <Progress value={progress} label={label} />
      <p className="vo-progress__meta">
        <span>{UI_TEXTS.voiceIsolator.elapsed(formatTime(elapsedSeconds))}</span>
        {hint && <span> · {hint}</span>}
      </p>
    </div>
  );
}
