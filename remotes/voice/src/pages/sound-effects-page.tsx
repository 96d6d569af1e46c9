// Sound Effects Generator (docs/product-rules.md#screens, #validation; 10 credits): a description with its counter
// and 'Description Too Long', a duration (2-10 s, or the provider's choice), Generate, the result in the shared
// player with Download as sound-effect-{timestamp}.mp3; recent effects below. Without a provider key the screen says
// so first.
import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { LIMITS, UI_TEXTS, type AudioClip } from '@act/contracts';
import {
  Button,
  GenerateButton,
  RunError,
  Select,
  TextArea,
  canAfford,
  type RunButton,
  type SelectOption,
  type ToolPageProps,
} from '@act/host-sdk';
import { FALLBACK_ERRORS, soundEffectsRequest } from '../api/voice-api';
import { CharCounter } from '../components/char-counter';
import { RecentResults } from '../components/recent-results';
import { ResultCard } from '../components/result-card';
import { VoiceNotice } from '../components/voice-notice';
import { useVoiceJob } from '../use-voice-job';
import { useVoiceStatus } from '../use-voice-status';
import './text-form.css';

const T = UI_TEXTS.soundEffects;
const C = UI_TEXTS.common;

const AUTO = 'auto';
const { min, max } = LIMITS.soundEffectSeconds;
const DURATION_OPTIONS: readonly SelectOption<string>[] = [
  { value: AUTO, label: T.durationAuto },
  ...Array.from({ length: max - min + 1 }, (_, i) => ({
    value: String(min + i),
    label: T.durationSeconds(min + i),
  })),
];

export function soundButton(s: {
  busy: boolean;
  length: number;
  affordable: boolean;
  available: boolean;
}): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (s.length > LIMITS.soundEffect) return { label: T.descriptionTooLong, disabled: true };
  if (s.length > 0 && !s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: T.generate, disabled: s.length === 0 || !s.available };
}

export function SoundEffectsPage({ host }: ToolPageProps) {
  const status = useVoiceStatus(host.api, 'sound-effects');
  const [description, setDescription] = useState('');
  const [duration, setDuration] = useState(AUTO);
  const [lastClip, setLastClip] = useState<string | null>(null);
  const job = useVoiceJob(host, 'sound-effects', {
    fallbackError: FALLBACK_ERRORS['sound-effects'],
    onDone: (clip: AudioClip) => setLastClip(clip.id),
  });
  const available = status?.available !== false;
  const busy = job.running;
  const length = description.trim().length;

  const generate = () => {
    job.start(soundEffectsRequest(description.trim(), duration === AUTO ? null : Number(duration)));
  };

  const clearAll = () => {
    job.reset();
    setDescription('');
    setDuration(AUTO);
  };

  return (
    <div className="act-stack">
      <VoiceNotice status={status} />
      <div className="act-tool-layout">
        <div className="act-panel act-stack">
          <div className="act-stack vo-text">
            <TextArea
              label={T.descriptionLabel}
              placeholder={T.descriptionPlaceholder}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              rows={5}
              disabled={busy || !available}
            />
            <CharCounter length={length} max={LIMITS.soundEffect} />
          </div>
          <Select
            label={T.durationLabel}
            value={duration}
            onValueChange={setDuration}
            options={DURATION_OPTIONS}
            disabled={busy || !available}
          />
          <div className="vo-actions">
            <GenerateButton
              host={host}
              icon={Sparkles}
              state={soundButton({ busy, length, affordable: canAfford(host, 'sound-effects'), available })}
              busy={busy}
              onClick={generate}
            />
            <Button
              variant="outline"
              size="lg"
              onClick={clearAll}
              disabled={busy || (description === '' && job.clip === null && job.error === null)}
            >
              {C.clearAll}
            </Button>
          </div>
          <RunError error={job.error} needsSignup={job.needsSignup} host={host} />
        </div>
        <ResultCard
          title={T.resultTitle}
          placeholder={T.resultPlaceholder}
          job={job}
          progress={{ title: C.processing, label: T.resultTitle }}
        />
      </div>
      <RecentResults
        host={host}
        tool="sound-effects"
        title={T.recentTitle}
        refreshKey={job.detachedJobId ?? lastClip}
      />
    </div>
  );
}
