// Speech to Speech (5 credits): a recording made here (microphone with a level meter) or uploaded, a voice (with
// previews, Adam alone when the list fails), Convert, the result in the shared player with a Before/After switch and
// Download as speech-{timestamp}.mp3; recent conversions below. Without a provider key the screen says so first.
import { useState } from 'react';
import { Wand2 } from 'lucide-react';
import { ERROR_TEXTS, UI_TEXTS, type AudioClip } from '@act/contracts';
import {
  GenerateButton,
  RunError,
  canAfford,
  readFileAsDataUrl,
  type RunButton,
  type ToolPageProps,
} from '@act/host-sdk';
import { FALLBACK_ERRORS, speechToSpeechRequest } from '../api/voice-api';
import { AudioUpload, checkVoiceUpload } from '../components/audio-upload';
import { Recorder } from '../components/recorder';
import { RecentResults } from '../components/recent-results';
import { ResultCard } from '../components/result-card';
import { VoiceNotice } from '../components/voice-notice';
import { VoicePicker, useVoices } from '../components/voice-picker';
import { useObjectUrl } from '../use-object-url';
import { useVoiceJob } from '../use-voice-job';
import { useVoiceStatus } from '../use-voice-status';

const T = UI_TEXTS.speechToSpeech;
const C = UI_TEXTS.common;

export function convertButton(s: {
  busy: boolean;
  hasAudio: boolean;
  hasVoice: boolean;
  affordable: boolean;
  available: boolean;
}): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (s.hasAudio && !s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: T.generate, disabled: !s.hasAudio || !s.hasVoice || !s.available };
}

export function SpeechToSpeechPage({ host }: ToolPageProps) {
  const status = useVoiceStatus(host.api, 'speech-to-speech');
  const voices = useVoices(host.api);
  const [chosenVoice, setChosenVoice] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [lastClip, setLastClip] = useState<string | null>(null);
  const job = useVoiceJob(host, 'speech-to-speech', {
    fallbackError: FALLBACK_ERRORS['speech-to-speech'],
    onDone: (clip: AudioClip) => setLastClip(clip.id),
  });
  const originalUrl = useObjectUrl(file);
  const voiceId = chosenVoice ?? voices.voices[0]?.id ?? null;
  const available = status?.available !== false;
  const busy = job.running;

  const chooseFile = (next: File | null) => {
    job.reset();
    setFileError(next ? checkVoiceUpload(next, status) : null);
    setFile(next && checkVoiceUpload(next, status) === null ? next : null);
  };

  const convert = async () => {
    if (!file || !voiceId) return;
    setFileError(null);
    let dataUrl: string;
    try {
      dataUrl = await readFileAsDataUrl(file, ERROR_TEXTS.audio.processAudioRetry);
    } catch (error) {
      setFileError((error as Error).message);
      return;
    }
    job.start(speechToSpeechRequest(dataUrl, voiceId));
  };

  return (
    <div className="act-stack">
      <VoiceNotice status={status} />
      <div className="act-tool-layout">
        <div className="act-panel act-stack">
          <div className="act-stack">
            <span className="act-label">{T.sourceLabel}</span>
            <Recorder onRecorded={chooseFile} disabled={busy || !available || file !== null} />
            {file === null && <p className="act-hint">{T.orUpload}</p>}
            <AudioUpload
              file={file}
              onFile={chooseFile}
              title={UI_TEXTS.voiceIsolator.uploadTitle}
              hint={UI_TEXTS.voiceIsolator.uploadHint}
              removeLabel={UI_TEXTS.voiceIsolator.remove}
              status={status}
              disabled={busy || !available}
            />
          </div>
          <VoicePicker
            list={voices}
            value={voiceId}
            onChange={setChosenVoice}
            disabled={busy || !available}
          />
          <GenerateButton
            host={host}
            icon={Wand2}
            state={convertButton({
              busy,
              hasAudio: file !== null,
              hasVoice: voiceId !== null,
              affordable: canAfford(host, 'speech-to-speech'),
              available,
            })}
            busy={busy}
            onClick={() => void convert()}
          />
          <RunError error={fileError ?? job.error} needsSignup={job.needsSignup} host={host} />
        </div>
        <ResultCard
          title={T.resultTitle}
          placeholder={T.resultPlaceholder}
          job={job}
          progress={{ title: C.processing, label: T.resultTitle }}
          compare={{ original: originalUrl, label: UI_TEXTS.voiceIsolator.compareLabel }}
        />
      </div>
      <RecentResults
        host={host}
        tool="speech-to-speech"
        title={T.recentTitle}
        refreshKey={job.detachedJobId ?? lastClip}
      />
    </div>
  );
}
