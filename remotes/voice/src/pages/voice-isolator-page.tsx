// Voice Isolator (docs/product-rules.md#screens, #validation, #costs-and-limits; 20 credits, no credit check on its
// button): an audio file (an audio type under 5MB, the spec's texts), Isolate, the 30-120 s wait shown with the job's
// streamed progress and the elapsed time, the result in the shared player with a Before/After switch and Download as
// isolated-audio-{timestamp}.mp3; recent isolations below (a job that outlived an earlier visit shows there when it
// ends).
import { useState } from 'react';
import { AudioLines } from 'lucide-react';
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { GenerateButton, readFileAsDataUrl, runButton, type ToolPageProps } from '@act/host-sdk';
import { AudioUpload } from '../components/audio-upload';
import { VoiceToolLayout } from '../components/voice-tool-layout';
import { useObjectUrl } from '../use-object-url';
import { useVoiceTool } from '../use-voice-tool';

const T = UI_TEXTS.voiceIsolator;

export function VoiceIsolatorPage({ host }: ToolPageProps) {
  const voice = useVoiceTool(host, 'voice-isolator');
  const { status, job, available, busy } = voice;
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const originalUrl = useObjectUrl(file);

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
    job.start({ body: { audioFile: dataUrl, toolName: 'voice-isolator' } });
  };

  return (
    <VoiceToolLayout
      host={host}
      voice={voice}
      texts={T}
      progress={{ title: T.processing, label: T.progressLabel, hint: T.processingHint }}
      compare={{ original: originalUrl, label: T.compareLabel }}
      error={readError}
    >
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
        // No credit check here (docs/product-rules.md#validation): the server refuses a run the member cannot pay for.
        state={runButton({
          busy,
          busyLabel: T.processing,
          ready: T.isolate,
          blocked: file === null || !available,
        })}
        busy={busy}
        onClick={() => void isolate()}
      />
    </VoiceToolLayout>
  );
}
