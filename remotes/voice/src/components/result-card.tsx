// The right-hand result area of a voice screen: a title, then the run's wait (progress and elapsed time), its clip in
// the player (with Before/After for the tools that start from a recording), a note that a run whose connection was
// cut is still being made, or a placeholder until there is a result. A stored clip reopened from the library
// (`?open=<id>`) shows here until the tool runs again.
import { UI_TEXTS, type AudioClip } from '@act/contracts';
import type { VoiceJobView } from '../use-voice-tool';
import { AudioPlayer } from './audio-player';
import { JobProgress, type JobProgressProps } from './job-progress';
import './result-card.css';

export interface ResultCardProps {
  title: string;
  placeholder: string;
  job: VoiceJobView;
  /** What the wait says (the title above the bar, the bar's label and an optional hint). */
  progress: Omit<JobProgressProps, 'progress' | 'elapsedSeconds'>;
  /** The recording the clip was made from, offered as Before beside the result. */
  compare?: { original: string | null; label: string };
  /** A stored clip reopened by `?open=`, shown while the job has none. */
  opened?: AudioClip | null;
}

export function ResultCard({ title, placeholder, job, progress, compare, opened }: ResultCardProps) {
  const clip = job.clip ?? (job.error === null ? opened : null) ?? null;
  return (
    <section className="act-panel act-stack vo-result" aria-label={title}>
      <div className="vo-result__header">
        <h2 className="vo-result__title">{title}</h2>
      </div>
      {job.running ? (
        <JobProgress {...progress} progress={job.progress} elapsedSeconds={job.elapsedSeconds} />
      ) : clip ? (
        <AudioPlayer
          clip={clip}
          label={clip.fileName}
          {...(compare ? { original: compare.original ?? clip.sourceUrl, compareLabel: compare.label } : {})}
        />
      ) : job.detachedJobId ? (
        <p className="vo-result__placeholder" role="status">
          {UI_TEXTS.voice.stillRunning}
        </p>
      ) : (
        <p className="vo-result__placeholder">{placeholder}</p>
      )}
    </section>
  );
}
