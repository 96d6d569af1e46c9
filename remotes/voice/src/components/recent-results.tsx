// A tool's recent results, listed under its screen from the member's audio history (newest first, more on demand),
// each with the shared player (play, seek, Download) and Delete; jobs still running from an earlier visit show as
// "still processing" and the list reloads when they end.
import { useCallback, useEffect, useState } from 'react';
import { Trash2 } from 'lucide-react';
import {
  ERROR_TEXTS,
  UI_TEXTS,
  formatDateTime,
  type AudioClip,
  type VoiceJob,
  type VoiceToolId,
} from '@act/contracts';
import { Button, ConfirmDialog, Spinner, errorMessage, useCursorList, type ToolHost } from '@act/host-sdk';
import { deleteClip, getActiveJobs, getJob, getRecentClips } from '../api/voice-api';
import { AudioPlayer } from './audio-player';
import './recent-results.css';
import './result-card.css';

const T = UI_TEXTS.voice;
/** How often a job left running by an earlier visit is asked about. */
const JOB_POLL_MS = 2000;

export interface RecentResultsProps {
  host: Pick<ToolHost, 'api'>;
  tool: VoiceToolId;
  title: string;
  /** Changes whenever this screen made a new result, so the list shows it. */
  refreshKey: string | null;
}

export function RecentResults({ host, tool, title, refreshKey }: RecentResultsProps) {
  const fetchPage = useCallback(
    (cursor: string | null, signal: AbortSignal) => getRecentClips(host.api, tool, cursor, signal),
    [host.api, tool],
  );
  const list = useCursorList<AudioClip>(fetchPage);
  const { reload } = list;
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AudioClip | null>(null);

  useEffect(() => {
    if (refreshKey !== null) reload();
  }, [refreshKey, reload]);

  const pending = usePendingJobs(host, tool, reload, refreshKey);

  const remove = async (clip: AudioClip) => {
    setDeleteError(null);
    try {
      await deleteClip(host.api, clip.id);
      reload();
    } catch (error) {
      setDeleteError(errorMessage(error, ERROR_TEXTS.generic.unexpected));
    }
  };

  return (
    <section className="act-card vo-recent" aria-label={title}>
      <h2 className="vo-recent__title">{title}</h2>
      {pending.map((job) => (
        // Not a live region: its percent changes with every poll (docs/architecture.md#status-announcements).
        <p key={job.id} className="vo-recent__pending">
          <Spinner size={16} decorative /> {T.stillRunning} {T.progress(job.progress)}
        </p>
      ))}
      {list.loading && <Spinner size={20} label={T.loadingRecent} showLabel />}
      {list.error && (
        <p className="act-error-text" role="alert">
          {list.error}
        </p>
      )}
      {deleteError && (
        <p className="act-error-text" role="alert">
          {deleteError}
        </p>
      )}
      {!list.loading && !list.error && list.items.length === 0 && pending.length === 0 && (
        <p className="vo-recent__empty">{T.recentEmpty}</p>
      )}
      <ul className="vo-recent__list">
        {list.items.map((clip) => (
          <li key={clip.id} className="vo-recent__item">
            <div className="vo-recent__meta">
              <span className="vo-recent__text">{clipTitle(clip)}</span>
              <time className="vo-recent__date" dateTime={clip.createdAt}>
                {formatDateTime(clip.createdAt)}
              </time>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setToDelete(clip)}
                aria-label={`${T.deleteClip} ${clip.fileName}`}
              >
                <Trash2 size={14} aria-hidden />
              </Button>
            </div>
            <AudioPlayer
              clip={clip}
              label={clip.fileName}
              original={clip.sourceUrl}
              compareLabel={UI_TEXTS.voiceIsolator.compareLabel}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={T.deleteTitle}
        description={T.deleteDescription}
        confirmLabel={T.deleteClip}
        destructive
        onConfirm={async () => {
          if (toDelete) await remove(toDelete);
          setToDelete(null);
        }}
      />
      {list.hasMore && !list.loading && (
        <Button variant="outline" size="sm" busy={list.loadingMore} onClick={() => void list.loadMore()}>
          {T.loadMore}
        </Button>
      )}
    </section>
  );
}

/** The words a result is listed under: its text (TTS, sound effects), else its voice, else its file name. */
export function clipTitle(clip: AudioClip): string {
  const parts = [clip.text, clip.voiceName].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : clip.fileName;
}

/**
 * Jobs of this tool still queued or running when the screen opened (or when `refreshKey` changed, e.g. a run whose
 * stream was cut), polled until they end (then `onEnded`).
 */
function usePendingJobs(
  host: Pick<ToolHost, 'api'>,
  tool: VoiceToolId,
  onEnded: () => void,
  refreshKey: string | null,
): VoiceJob[] {
  const [jobs, setJobs] = useState<VoiceJob[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    getActiveJobs(host.api, tool, controller.signal).then(
      (active) => {
        if (!controller.signal.aborted) setJobs(active);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [host.api, tool, refreshKey]);

  const waiting = jobs.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      void Promise.all(jobs.map((job) => getJob(host.api, job.id, controller.signal).catch(() => job))).then(
        (latest) => {
          if (controller.signal.aborted) return;
          const running = latest.filter((job) => job.status === 'queued' || job.status === 'running');
          if (running.length < latest.length) onEnded();
          setJobs(running);
        },
      );
    }, JOB_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [waiting, jobs, host.api, onEnded]);

  return jobs;
}
