// Speech to Speech (5 credits): a recording made here (microphone with a level meter) or uploaded, a voice (with
// previews, Adam alone when the list fails), Convert, the result in the shared player with a Before/After switch and
// Download as speech-{timestamp}.mp3; recent conversions below. Without a provider key the screen says so first.
import { useState } from 'react';
import { Wand2 } from 'lucide-react';
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { GenerateButton, canAfford, readFileAsDataUrl, runButton, type ToolPageProps } from '@act/host-sdk';
import { AudioUpload, checkVoiceUpload } from '../components/audio-upload';
import { Recorder } from '../components/recorder';
import { VoicePicker, useVoices } from '../components/voice-picker';
import { VoiceToolLayout } from '../components/voice-tool-layout';
import { useObjectUrl } from '../use-object-url';
import { useVoiceTool } from '../use-voice-tool';

const T = UI_TEXTS.speechToSpeech;
const C = UI_TEXTS.common;

export function SpeechToSpeechPage({ host }: ToolPageProps) {
  const voice = useVoiceTool(host, 'speech-to-speech');
  const { status, job, available, busy } = voice;
  const voices = useVoices(host.api);
  const [chosenVoice, setChosenVoice] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const originalUrl = useObjectUrl(file);
  const voiceId = chosenVoice ?? voices.voices[0]?.id ?? null;

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
    job.start({ body: { audioFile: dataUrl, voiceId, toolName: 'speech-to-speech' } });
  };

  return (
    <VoiceToolLayout
      host={host}
      voice={voice}
      texts={T}
      progress={{ title: C.processing, label: T.resultTitle }}
      compare={{ original: originalUrl, label: UI_TEXTS.voiceIsolator.compareLabel }}
      error={fileError}
    >
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
      <VoicePicker list={voices} value={voiceId} onChange={setChosenVoice} disabled={busy || !available} />
      <GenerateButton
        host={host}
        icon={Wand2}
        state={runButton({
          busy,
          // 'Insufficient Credits' only once there is a recording to pay for.
          affordable: file === null || canAfford(host, 'speech-to-speech'),
          ready: T.generate,
          blocked: file === null || voiceId === null || !available,
        })}
        busy={busy}
        onClick={() => void convert()}
      />
    </VoiceToolLayout>
  );
}
