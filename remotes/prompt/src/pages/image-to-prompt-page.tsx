// Image to Prompt (docs/product-rules.md#screens): upload an image, generate a text-to-image prompt for it (2
// credits), copy the prompt.
import { useCallback } from 'react';
import { Sparkles } from 'lucide-react';
import { UI_TEXTS, failureTextOf, PROMPT_ENDPOINTS } from '@act/contracts';
import {
  canAfford,
  GenerateButton,
  ImageDropZone,
  ResultPanel,
  RunError,
  runButton,
  useImageUpload,
  useToolRun,
  type ToolPageProps,
} from '@act/host-sdk';
import { generateImagePrompt } from '../api/prompt-api';

const T = UI_TEXTS.imageToPrompt;

export function ImageToPromptPage({ host }: ToolPageProps) {
  const upload = useImageUpload();
  const action = useCallback((image: string) => generateImagePrompt(host.api, image), [host.api]);
  const run = useToolRun(host, action, failureTextOf(PROMPT_ENDPOINTS.generateImagePrompt));
  const busy = run.status === 'loading';
  const button = runButton({
    busy,
    missing: upload.image === null && UI_TEXTS.common.selectAnImageFirst,
    affordable: canAfford(host, 'image-to-prompt'),
    ready: T.generate,
  });

  return (
    <div className="act-tool-layout">
      <div className="act-panel act-stack">
        <ImageDropZone upload={upload} disabled={busy} onRemove={run.reset} />
        <GenerateButton
          host={host}
          icon={Sparkles}
          block
          busy={busy}
          state={button}
          onClick={() => upload.image && void run.run(upload.image.dataUrl)}
        />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
      </div>
      <ResultPanel
        title={T.resultTitle}
        text={run.result?.prompt ?? null}
        placeholder={T.resultPlaceholder}
        loading={busy}
      />
    </div>
  );
}
