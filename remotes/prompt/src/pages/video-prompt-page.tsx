// Image to Video Prompt (docs/product-rules.md#screens): image, prompt language, camera motion, video style and a
// required action description; generate (2 credits), copy the prompt; tips box.
import { useCallback, useState } from 'react';
import { Clapperboard } from 'lucide-react';
import {
  CAMERA_MOTIONS,
  DEFAULT_CAMERA_MOTION,
  DEFAULT_LANGUAGE,
  DEFAULT_VIDEO_STYLE,
  LIMITS,
  UI_TEXTS,
  VIDEO_STYLES,
  type CameraMotion,
  type Language,
  type VideoStyle,
  failureTextOf,
  PROMPT_ENDPOINTS,
} from '@act/contracts';
import {
  canAfford,
  GenerateButton,
  FromItemNotice,
  ImageDropZone,
  RunError,
  runButton,
  TipsBox,
  TextArea,
  useImageFromItem,
  useImageUpload,
  useToolRun,
} from '@act/host-sdk';
import { generateVideoPrompt } from '../api/prompt-api';
import { LanguageSelect } from '../components/language-select';
import { OptionSelect } from '../components/option-select';
import { PromptResultPanel } from '../components/prompt-result-panel';
import type { PromptToolPageProps } from '../components/with-recent-results';
import './video-prompt-page.css';

const T = UI_TEXTS.videoPrompt;
interface VideoPromptChoices {
  image: string;
  language: Language;
  cameraMotion: CameraMotion;
  videoStyle: VideoStyle;
  actionDescription: string;
}

export function VideoPromptPage({ host, shown }: PromptToolPageProps) {
  const upload = useImageUpload();
  // `?from=<library item>`: the member's stored image, in the upload as if they had picked it.
  const from = useImageFromItem(host, upload);
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const [cameraMotion, setCameraMotion] = useState<CameraMotion>(DEFAULT_CAMERA_MOTION);
  const [videoStyle, setVideoStyle] = useState<VideoStyle>(DEFAULT_VIDEO_STYLE);
  const [actionDescription, setActionDescription] = useState('');
  const action = useCallback(
    (choices: VideoPromptChoices) => generateVideoPrompt(host.api, choices),
    [host.api],
  );
  const run = useToolRun(host, action, failureTextOf(PROMPT_ENDPOINTS.generateVideoPrompt));
  const busy = run.status === 'loading';
  // The spec names no label for a missing action description: the button keeps its label and stays disabled.
  const button = runButton({
    busy,
    missing: upload.image === null && UI_TEXTS.common.selectAnImageFirst,
    affordable: canAfford(host, 'image-to-video-prompt'),
    ready: T.generate,
    blocked: actionDescription.trim() === '',
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
    <div className="act-tool-layout">
      <div className="act-panel act-stack">
        <FromItemNotice state={from} />
        <ImageDropZone upload={upload} disabled={busy} onRemove={run.reset} />
        <div className="pr-options">
          <LanguageSelect
            label={T.languageLabel}
            value={language}
            onValueChange={setLanguage}
            disabled={busy}
          />
          <OptionSelect<CameraMotion>
            label={T.cameraMotionLabel}
            options={CAMERA_MOTIONS}
            value={cameraMotion}
            onValueChange={setCameraMotion}
            disabled={busy}
          />
          <OptionSelect<VideoStyle>
            label={T.videoStyleLabel}
            options={VIDEO_STYLES}
            value={videoStyle}
            onValueChange={setVideoStyle}
            disabled={busy}
          />
        </div>
        <TextArea
          label={T.actionLabel}
          placeholder={T.actionPlaceholder}
          hint={UI_TEXTS.videoPrompt.actionHint}
          value={actionDescription}
          onChange={(event) => setActionDescription(event.target.value)}
          maxLength={LIMITS.actionDescription}
          rows={3}
          required
          aria-required
          disabled={busy}
        />
        <GenerateButton host={host} icon={Clapperboard} block busy={busy} state={button} onClick={generate} />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
      </div>
      <div className="act-stack">
        <PromptResultPanel
          host={host}
          tool="image-to-video-prompt"
          fresh={run.result && { text: run.result.prompt, resultId: run.result.resultId }}
          shown={shown}
          title={T.resultTitle}
          placeholder={UI_TEXTS.videoPrompt.resultPlaceholder}
          loading={busy}
        />
        <TipsBox title={T.tipsTitle} tips={T.tips} />
      </div>
    </div>
  );
}
