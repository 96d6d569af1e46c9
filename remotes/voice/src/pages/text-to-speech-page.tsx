// Text to Speech (docs/product-rules.md#screens, #states, #validation; 30 credits): a voice with a preview per voice
// (Adam alone when the list fails), the text with its counter, the warning above 90% and 'Text Too Long', Generate,
// the result in the shared player with Download as speech-{timestamp}.mp3, Clear All and Copy; the member's recent
// speech below.
import { useState } from 'react';
import { AudioLines } from 'lucide-react';
import { LIMITS, UI_TEXTS, type AudioClip } from '@act/contracts';
import {
  Button,
  GenerateButton,
  RunError,
  TextArea,
  canAfford,
  useCopy,
  type RunButton,
  type ToolPageProps,
} from '@act/host-sdk';
import { FALLBACK_ERRORS, textToSpeechRequest } from '../api/voice-api';
import { CharCounter } from '../components/char-counter';
import { RecentResults } from '../components/recent-results';
import { ResultCard } from '../components/result-card';
import { VoiceNotice } from '../components/voice-notice';
import { VoicePicker, useVoices } from '../components/voice-picker';
import { useVoiceJob } from '../use-voice-job';
import { useVoiceStatus } from '../use-voice-status';
import './text-form.css';

const T = UI_TEXTS.textToSpeech;
const C = UI_TEXTS.common;

export function speechButton(s: {
  busy: boolean;
  length: number;
  hasVoice: boolean;
  affordable: boolean;
  available: boolean;
}): RunButton {
  if (s.busy) return { label: T.generating, disabled: true };
  if (s.length > LIMITS.ttsText) return { label: T.textTooLong, disabled: true };
  if (s.length > 0 && !s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: T.generate, disabled: s.length === 0 || !s.hasVoice || !s.available };
}

export function TextToSpeechPage({ host }: ToolPageProps) {
  const status = useVoiceStatus(host.api, 'text-to-speech');
  const voices = useVoices(host.api);
  const [chosenVoice, setChosenVoice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [lastClip, setLastClip] = useState<string | null>(null);
  const job = useVoiceJob(host, 'text-to-speech', {
    fallbackError: FALLBACK_ERRORS['text-to-speech'],
    onDone: (clip: AudioClip) => setLastClip(clip.id),
  });
  const { copy, copied, error: copyError } = useCopy();

  // The first listed voice until the member picks one.
  const voiceId = chosenVoice ?? voices.voices[0]?.id ?? null;
  const available = status?.available !== false;
  const busy = job.running;
  const length = text.trim().length;

  const generate = () => {
    if (!voiceId) return;
    job.start(textToSpeechRequest(text.trim(), voiceId));
  };

  const clearAll = () => {
    job.reset();
    setText('');
  };

  return (
    <div className="act-stack">
      <VoiceNotice status={status} />
      <div className="act-tool-layout">
        <div className="act-panel act-stack">
          <VoicePicker
            list={voices}
            value={voiceId}
            onChange={setChosenVoice}
            disabled={busy || !available}
          />
          <div className="act-stack vo-text">
            <TextArea
              label={T.textLabel}
              placeholder={T.textPlaceholder}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={8}
              disabled={busy || !available}
            />
            <CharCounter length={length} max={LIMITS.ttsText} warning={T.nearLimit} />
          </div>
          <div className="vo-actions">
            <GenerateButton
              host={host}
              icon={AudioLines}
              state={speechButton({
                busy,
                length,
                hasVoice: voiceId !== null,
                affordable: canAfford(host, 'text-to-speech'),
                available,
              })}
              busy={busy}
              onClick={generate}
            />
            <Button
              variant="outline"
              size="lg"
              onClick={clearAll}
              disabled={busy || (text === '' && job.clip === null && job.error === null)}
            >
              {T.clearAll}
            </Button>
            <Button variant="outline" size="lg" onClick={() => void copy(text)} disabled={text.trim() === ''}>
              {copied ? C.copied : T.copy}
            </Button>
          </div>
          {copyError && <p className="act-error-text">{copyError}</p>}
          <RunError error={job.error} needsSignup={job.needsSignup} host={host} />
        </div>
        <ResultCard
          title={T.resultTitle}
          placeholder={T.resultPlaceholder}
          job={job}
          progress={{ title: T.generating, label: T.resultTitle }}
        />
      </div>
      <RecentResults
        host={host}
        tool="text-to-speech"
        title={T.recentTitle}
        refreshKey={job.detachedJobId ?? lastClip}
      />
    </div>
  );
}
