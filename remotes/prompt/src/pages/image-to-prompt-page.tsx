// Image to Prompt (docs/product-rules.md#screens): upload an image, generate a text-to-image prompt for it (2
// credits), copy the prompt.
import { useCallback } from 'react';
import { Sparkles } from 'lucide-react';
import { UI_TEXTS, failureTextOf, PROMPT_ENDPOINTS } from '@act/contracts';
import {
  canAfford,
  GenerateButton,
  FromItemNotice,
  ImageDropZone,
  RunError,
  runButton,
  useImageFromItem,
  useImageUpload,
  useToolRun,
} from '@act/host-sdk';
import { generateImagePrompt } from '../api/prompt-api';
import { PromptResultPanel } from '../components/prompt-result-panel';
import type { PromptToolPageProps } from '../components/with-recent-results';

const T = UI_TEXTS.imageToPrompt;

export function ImageToPromptPage({ host, shown }: PromptToolPageProps) {
  const upload = useImageUpload();
  // `?from=<library item>`: the member's stored image, in the upload as if they had picked it.
  const from = useImageFromItem(host, upload);
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
        <FromItemNotice state={from} />
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
      <PromptResultPanel
        host={host}
        tool="image-to-prompt"
        fresh={run.result && { text: run.result.prompt, resultId: run.result.resultId }}
        shown={shown}
        title={T.resultTitle}
        placeholder={T.resultPlaceholder}
        loading={busy}
      />
    </div>
  );
}
