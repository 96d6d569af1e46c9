// Image to Video Prompt (spec §2): image, prompt language, camera motion, video style and a required action
// description; generate (2 credits), copy the prompt; tips box.
import { useCallback, useState } from 'react';
import { Clapperboard } from 'lucide-react';
import {
  CAMERA_MOTIONS,
  DEFAULT_CAMERA_MOTION,
  DEFAULT_LANGUAGE,
  DEFAULT_VIDEO_STYLE,
  LANGUAGES,
  LIMITS,
  UI_TEXTS,
  VIDEO_STYLES,
  type CameraMotion,
  type Language,
  type VideoStyle,
} from '@act/contracts';
import { Button, Select, TextArea, useToolRun, type SelectOption, type ToolPageProps } from '@act/host-sdk';
import { FALLBACK_ERRORS, generateVideoPrompt } from '../api/prompt-api';
import { canAfford, videoPromptButton } from '../button-labels';
import { ImageDropZone } from '../components/image-drop-zone';
import { ResultPanel } from '../components/result-panel';
import { RunError } from '../components/run-error';
import { TipsBox } from '../components/tips-box';
import { useImageUpload } from '../hooks/use-image-upload';
import { PROMPT_TEXTS } from '../texts';

const T = UI_TEXTS.videoPrompt;
const LANGUAGE_OPTIONS: SelectOption<Language>[] = LANGUAGES.map((language) => ({
  value: language,
  label: language,
}));
const MOTION_OPTIONS: SelectOption<CameraMotion>[] = CAMERA_MOTIONS.map((motion) => ({
  value: motion.id,
  label: motion.label,
}));
const STYLE_OPTIONS: SelectOption<VideoStyle>[] = VIDEO_STYLES.map((style) => ({
  value: style.id,
  label: style.label,
}));

interface VideoPromptChoices {
  image: string;
  language: Language;
  cameraMotion: CameraMotion;
  videoStyle: VideoStyle;
  actionDescription: string;
}

export function VideoPromptPage({ host }: ToolPageProps) {
  const upload = useImageUpload();
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const [cameraMotion, setCameraMotion] = useState<CameraMotion>(DEFAULT_CAMERA_MOTION);
  const [videoStyle, setVideoStyle] = useState<VideoStyle>(DEFAULT_VIDEO_STYLE);
  const [actionDescription, setActionDescription] = useState('');
  const action = useCallback(
    (choices: VideoPromptChoices) => generateVideoPrompt(host.api, choices),
    [host.api],
  );
  const run = useToolRun(host, action, FALLBACK_ERRORS.videoPrompt);
  const busy = run.status === 'loading';
  const button = videoPromptButton({
    busy,
    hasImage: upload.image !== null,
    hasAction: actionDescription.trim() !== '',
    affordable: canAfford(host, 'image-to-video-prompt'),
  });

  const generate = () => {
    if (!upload.image) return;
    void run.run({
      image: upload.image.dataUrl,
      language,
      cameraMotion,
      videoStyle,
      actionDescription: actionDescription.trim(),
    });
  };

  return (
    <div className="pr-tool">
      <div className="pr-tool__inputs act-card">
        <ImageDropZone upload={upload} disabled={busy} onRemove={run.reset} />
        <div className="pr-options">
          <Select<Language>
            label={T.languageLabel}
            value={language}
            onValueChange={setLanguage}
            options={LANGUAGE_OPTIONS}
            disabled={busy}
          />
          <Select<CameraMotion>
            label={T.cameraMotionLabel}
            value={cameraMotion}
            onValueChange={setCameraMotion}
            options={MOTION_OPTIONS}
            disabled={busy}
          />
          <Select<VideoStyle>
            label={T.videoStyleLabel}
            value={videoStyle}
            onValueChange={setVideoStyle}
            options={STYLE_OPTIONS}
            disabled={busy}
          />
        </div>
        <TextArea
          label={T.actionLabel}
          placeholder={T.actionPlaceholder}
          hint={PROMPT_TEXTS.actionRequiredHint}
          value={actionDescription}
          onChange={(event) => setActionDescription(event.target.value)}
          maxLength={LIMITS.actionDescription}
          rows={3}
          required
          aria-required
          disabled={busy}
        />
        <Button variant="gradient" size="lg" block busy={busy} disabled={button.disabled} onClick={generate}>
          {!busy && <Clapperboard size={18} aria-hidden />}
          {button.label}
        </Button>
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
      </div>
      <div className="pr-tool__outputs">
        <ResultPanel
          title={T.resultTitle}
          text={run.result?.prompt ?? null}
          placeholder={PROMPT_TEXTS.videoResultPlaceholder}
          loading={busy}
        />
        <TipsBox title={T.tipsTitle} tips={T.tips} />
      </div>
    </div>
  );
}
