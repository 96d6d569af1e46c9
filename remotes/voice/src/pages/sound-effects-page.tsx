// Sound Effects Generator (docs/product-rules.md#screens, #validation; 10 credits): a description with its counter
// and 'Description Too Long', a duration (2-10 s, or the provider's choice), Generate, the result in the shared
// player with Download as sound-effect-{timestamp}.mp3; recent effects below. Without a provider key the screen says
// so first.
import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { LIMITS, UI_TEXTS } from '@act/contracts';
import { Select, canAfford, runButton, type SelectOption, type ToolPageProps } from '@act/host-sdk';
import { VoiceActions, VoiceTextArea } from '../components/text-form';
import { VoiceToolLayout } from '../components/voice-tool-layout';
import { useVoiceTool } from '../use-voice-tool';

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

export function SoundEffectsPage({ host }: ToolPageProps) {
  const voice = useVoiceTool(host, 'sound-effects');
  const { job, available, busy } = voice;
  const [description, setDescription] = useState('');
  const [duration, setDuration] = useState(AUTO);
  const length = description.trim().length;

  const generate = () => {
    const prompt = description.trim();
    job.start({
      body: {
        prompt,
        toolName: 'sound-effects',
        ...(duration === AUTO ? {} : { durationSeconds: Number(duration) }),
      },
    });
  };

  const clearAll = () => {
    job.reset();
    setDescription('');
    setDuration(AUTO);
  };

  return (
    <VoiceToolLayout
      host={host}
      voice={voice}
      texts={T}
      progress={{ title: C.processing, label: T.resultTitle }}
    >
      <VoiceTextArea
        label={T.descriptionLabel}
        placeholder={T.descriptionPlaceholder}
        value={description}
        onChange={setDescription}
        rows={5}
        disabled={busy || !available}
        length={length}
        max={LIMITS.soundEffect}
      />
      <Select
        label={T.durationLabel}
        value={duration}
        onValueChange={setDuration}
        options={DURATION_OPTIONS}
        disabled={busy || !available}
      />
      <VoiceActions
        host={host}
        icon={Sparkles}
        state={runButton({
          busy,
          missing: length > LIMITS.soundEffect && T.descriptionTooLong,
          // 'Insufficient Credits' only once there is a description to pay for.
          affordable: length === 0 || canAfford(host, 'sound-effects'),
          ready: T.generate,
          blocked: length === 0 || !available,
        })}
        busy={busy}
        onGenerate={generate}
        clearLabel={C.clearAll}
        clearDisabled={busy || (description === '' && job.clip === null && job.error === null)}
        onClear={clearAll}
      />
    </VoiceToolLayout>
  );
}
