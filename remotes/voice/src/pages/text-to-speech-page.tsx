// Text to Speech (docs/product-rules.md#screens, #states, #validation; 30 credits): a voice with a preview per voice
// (Adam alone when the list fails), the text with its counter, the warning above 90% and 'Text Too Long', Generate,
// the result in the shared player with Download as speech-{timestamp}.mp3, Clear All and Copy; the member's recent
// speech below.
import { useState } from 'react';
import { AudioLines } from 'lucide-react';
import { LIMITS, UI_TEXTS } from '@act/contracts';
import {
  Button,
  canAfford,
  FromItemNotice,
  runButton,
  useCopy,
  useFromItem,
  type ToolPageProps,
} from '@act/host-sdk';
import { VoiceActions, VoiceTextArea } from '../components/text-form';
import { VoicePicker, useVoices } from '../components/voice-picker';
import { VoiceToolLayout } from '../components/voice-tool-layout';
import { useVoiceTool } from '../use-voice-tool';

const T = UI_TEXTS.textToSpeech;
const C = UI_TEXTS.common;

export function TextToSpeechPage({ host }: ToolPageProps) {
  const voice = useVoiceTool(host, 'text-to-speech');
  const { job, available, busy } = voice;
  const voices = useVoices(host.api);
  const [chosenVoice, setChosenVoice] = useState<string | null>(null);
  const [text, setText] = useState('');
  // `?from=<library item>`: a chat answer, report or summary to read aloud, cut to the 2,000 characters with a note.
  const from = useFromItem(host, (fill) => {
    if (fill.text !== undefined) setText(fill.text);
  });
  const { copy, copied, error: copyError } = useCopy();

  // The first listed voice until the member picks one.
  const voiceId = chosenVoice ?? voices.voices[0]?.id ?? null;
  const length = text.trim().length;

  const generate = () => {
    if (!voiceId) return;
    job.start({ body: { text: text.trim(), voiceId, toolName: 'text-to-speech' } });
  };

  const clearAll = () => {
    job.reset();
    setText('');
  };

  return (
    <VoiceToolLayout
      host={host}
      voice={voice}
      texts={T}
      progress={{ title: T.generating, label: T.resultTitle }}
    >
      <FromItemNotice state={from} />
      <VoicePicker list={voices} value={voiceId} onChange={setChosenVoice} disabled={busy || !available} />
      <VoiceTextArea
        label={T.textLabel}
        placeholder={T.textPlaceholder}
        value={text}
        onChange={setText}
        rows={8}
        disabled={busy || !available}
        length={length}
        max={LIMITS.ttsText}
        warning={T.nearLimit}
      />
      <VoiceActions
        host={host}
        icon={AudioLines}
        state={runButton({
          busy,
          busyLabel: T.generating,
          missing: length > LIMITS.ttsText && T.textTooLong,
          // 'Insufficient Credits' only once there is a text to pay for.
          affordable: length === 0 || canAfford(host, 'text-to-speech'),
          ready: T.generate,
          blocked: length === 0 || voiceId === null || !available,
        })}
        busy={busy}
        onGenerate={generate}
        clearLabel={T.clearAll}
        clearDisabled={busy || (text === '' && job.clip === null && job.error === null)}
        onClear={clearAll}
      >
        <Button variant="outline" size="lg" onClick={() => void copy(text)} disabled={text.trim() === ''}>
          {copied ? C.copied : T.copy}
        </Button>
      </VoiceActions>
      {copyError && <p className="act-error-text">{copyError}</p>}
    </VoiceToolLayout>
  );
}
