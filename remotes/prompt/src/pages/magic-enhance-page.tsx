// Magic Enhance (docs/product-rules.md#screens): type a prompt, enhance it (1 credit), read and copy the result;
// Clear All and tips.
import { useCallback, useState } from 'react';
import { Wand2 } from 'lucide-react';
import { LIMITS, UI_TEXTS, failureTextOf, PROMPT_ENDPOINTS } from '@act/contracts';
import {
  Button,
  canAfford,
  GenerateButton,
  RunError,
  runButton,
  TipsBox,
  TextArea,
  useToolRun,
} from '@act/host-sdk';
import { enhancePrompt } from '../api/prompt-api';
import { PromptResultPanel } from '../components/prompt-result-panel';
import type { PromptToolPageProps } from '../components/with-recent-results';
import './magic-enhance-page.css';

const T = UI_TEXTS.magicEnhance;

export function MagicEnhancePage({ host, shown }: PromptToolPageProps) {
  // A reopened result comes back with what was typed for it.
  const [text, setText] = useState(shown?.input ?? '');
  const action = useCallback((value: string) => enhancePrompt(host.api, value), [host.api]);
  const run = useToolRun(host, action, failureTextOf(PROMPT_ENDPOINTS.generateTextPrompt));
  const busy = run.status === 'loading';
  const button = runButton({
    busy,
    missing: text.trim() === '' && T.enterTextFirst,
    affordable: canAfford(host, 'magic-enhance'),
    ready: T.enhance,
  });

  const clearAll = () => {
    setText('');
    run.reset();
  };

  return (
    <div className="act-tool-layout">
      <div className="act-panel act-stack">
        <TextArea
          label={T.inputLabel}
          placeholder={T.inputPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={LIMITS.magicEnhanceText}
          rows={6}
          disabled={busy}
        />
        <div className="pr-actions">
          <GenerateButton
            host={host}
            icon={Wand2}
            className="pr-actions__primary"
            busy={busy}
            state={button}
            onClick={() => void run.run(text.trim())}
          />
          <Button
            variant="outline"
            size="lg"
            onClick={clearAll}
            disabled={busy || (text === '' && run.result === null && run.error === null)}
          >
            {T.clearAll}
          </Button>
        </div>
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
        <TipsBox title={T.tipsTitle} tips={T.tips} />
      </div>
      <PromptResultPanel
        host={host}
        tool="magic-enhance"
        fresh={run.result && { text: run.result.prompt, resultId: run.result.resultId }}
        shown={shown}
        title={T.resultTitle}
        placeholder={UI_TEXTS.magicEnhance.resultPlaceholder}
        loading={busy}
      />
    </div>
  );
}
