// Voice Isolator (docs/product-rules.md#screens, #validation, #costs-and-limits; 20 credits, no credit check on its
// button): an audio file (an audio type under 5MB, the spec's texts), Isolate, the 30-120 s wait shown with the job's
// streamed progress and the elapsed time, the result in the shared player with a Before/After switch and Download as
// isolated-audio-{timestamp}.mp3; recent isolations below (a job that outlived an earlier visit shows there when it
// ends).
import { useState } from 'react';
import { AudioLines } from 'lucide-react';
import { ERROR_TEXTS, UI_TEXTS, type AudioClip } from '@act/contracts';
import {
  GenerateButton,
  RunError,
  readFileAsDataUrl,
  type RunButton,
  type ToolPageProps,
} from '@act/host-sdk';
import { FALLBACK_ERRORS, voiceIsolatorRequest } from '../api/voice-api';
import { AudioUpload } from '../components/audio-upload';
import { RecentResults } from '../components/recent-results';
import { ResultCard } from '../components/result-card';
import { VoiceNotice } from '../components/voice-notice';
import { useObjectUrl } from '../use-object-url';
import { useVoiceJob } from '../use-voice-job';
import { useVoiceStatus } from '../use-voice-status';

const T = UI_TEXTS.voiceIsolator;

/** No credit check here (docs/product-rules.md#validation): the server refuses a run the member cannot pay for. */
export function isolateButton(s: { busy: boolean; hasFile: boolean; available: boolean }): RunButton {
  if (s.busy) return { label: T.processing, disabled: true };
  return { label: T.isolate, disabled: !s.hasFile || !s.available };
}

export function VoiceIsolatorPage({ host }: ToolPageProps) {
  const status = useVoiceStatus(host.api, 'voice-isolator');
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [lastClip, setLastClip] = useState<string | null>(null);
  const job = useVoiceJob(host, 'voice-isolator', {
    fallbackError: FALLBACK_ERRORS['voice-isolator'],
    onDone: (clip: AudioClip) => setLastClip(clip.id),
  });
  const originalUrl = useObjectUrl(file);
  const available = status?.available !== false;
  const busy = job.running;

  const chooseFile = (next: File | null) => {
    job.reset();
    setReadError(null);
    setFile(next);
  };

  const isolate = async () => {
    if (!file) return;
    setReadError(null);
    let dataUrl: string;
    try {
      dataUrl = await readFileAsDataUrl(file, ERROR_TEXTS.audio.processAudioRetry);
    } catch (error) {
      setReadError((error as Error).message);
      return;
    }
    job.start(voiceIsolatorRequest(dataUrl));
  };

  return (
    <div className="act-stack">
      <VoiceNotice status={status} />
      <div className="act-tool-layout">
        <div className="act-panel act-stack">
          <AudioUpload
            file={file}
            onFile={chooseFile}
            title={T.uploadTitle}
            hint={T.uploadHint}
            removeLabel={T.remove}
            status={status}
            disabled={busy || !available}
          />
          <GenerateButton
            host={host}
            icon={AudioLines}
            state={isolateButton({ busy, hasFile: file !== null, available })}
            busy={busy}
            onClick={() => void isolate()}
          />
          <RunError error={readError ?? job.error} needsSignup={job.needsSignup} host={host} />
        </div>
        <ResultCard
          title={T.resultTitle}
          placeholder={T.resultPlaceholder}
          job={job}
          progress={{ title: T.processing, label: T.progressLabel, hint: T.processingHint }}
          compare={{ original: originalUrl, label: T.compareLabel }}
        />
      </div>
      <RecentResults
        host={host}
        tool="voice-isolator"
        title={T.recentTitle}
        refreshKey={job.detachedJobId ?? lastClip}
      />
    </div>
  );
}
