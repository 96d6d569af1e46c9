// AI Describe Image (docs/product-rules.md#screens): upload, description language, one analysis task (radio,
// describe-details by default), generate (2 credits), read and copy the description.
import { useCallback, useState } from 'react';
import { ScanEye } from 'lucide-react';
import {
  ANALYSIS_TASKS,
  DEFAULT_ANALYSIS_TASKS,
  DEFAULT_LANGUAGE,
  UI_TEXTS,
  type AnalysisTask,
  type Language,
  failureTextOf,
  PROMPT_ENDPOINTS,
} from '@act/contracts';
import {
  canAfford,
  GenerateButton,
  FromItemNotice,
  ImageDropZone,
  RadioGroup,
  RunError,
  runButton,
  useImageFromItem,
  useImageUpload,
  useToolRun,
  type RadioOption,
  type RunButton,
} from '@act/host-sdk';
import { Markdown } from '@act/host-sdk/markdown';
import { describeImage } from '../api/prompt-api';
import { LanguageSelect } from '../components/language-select';
import { PromptResultPanel } from '../components/prompt-result-panel';
import type { PromptToolPageProps } from '../components/with-recent-results';
import './describe-image-page.css';

const T = UI_TEXTS.describeImage;
const TASK_OPTIONS: RadioOption<AnalysisTask>[] = ANALYSIS_TASKS.map((task) => ({
  value: task.id,
  label: task.label,
}));

/** Two things to choose before the credit check: the image, then at least one analysis task. */
export function describeImageButton(s: {
  busy: boolean;
  hasImage: boolean;
  hasTask: boolean;
  affordable: boolean;
}): RunButton {
  return runButton({
    busy: s.busy,
    missing: (!s.hasImage && T.selectAnImageFirst) || (!s.hasTask && T.selectAnalysisTask),
    affordable: s.affordable,
    ready: T.generate,
  });
}

export function DescribeImagePage({ host, shown }: PromptToolPageProps) {
  const upload = useImageUpload();
  // `?from=<library item>`: the member's stored image, in the upload as if they had picked it.
  const from = useImageFromItem(host, upload);
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const [task, setTask] = useState<AnalysisTask | null>(DEFAULT_ANALYSIS_TASKS[0] ?? null);
  const action = useCallback(
    (image: string, chosenLanguage: Language, chosenTask: AnalysisTask) =>
      describeImage(host.api, { image, language: chosenLanguage, analysisTasks: [chosenTask] }),
    [host.api],
  );
  const run = useToolRun(host, action, failureTextOf(PROMPT_ENDPOINTS.generateAiDescription));
  const busy = run.status === 'loading';
  const button = describeImageButton({
    busy,
    hasImage: upload.image !== null,
    hasTask: task !== null,
    affordable: canAfford(host, 'ai-describe-image'),
  });

  const generate = () => {
    if (upload.image && task) void run.run(upload.image.dataUrl, language, task);
  };

  return (
    <div className="act-tool-layout">
      <div className="act-panel act-stack">
        <FromItemNotice state={from} />
        <ImageDropZone
          upload={upload}
          disabled={busy}
          onRemove={run.reset}
          removeStyle="button"
          removeLabel={T.clearImage}
        />
        <LanguageSelect
          label={T.languageLabel}
          value={language}
          onValueChange={setLanguage}
          disabled={busy}
        />
        <RadioGroup<AnalysisTask>
          label={T.taskLabel}
          value={task ?? undefined}
          onValueChange={setTask}
          options={TASK_OPTIONS}
          layout="grid"
          disabled={busy}
          name="analysis-task"
        />
        <GenerateButton host={host} icon={ScanEye} block busy={busy} state={button} onClick={generate} />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
      </div>
      <PromptResultPanel
        host={host}
        tool="ai-describe-image"
        fresh={run.result && { text: run.result.description, resultId: run.result.resultId }}
        shown={shown}
        title={T.resultTitle}
        placeholder={UI_TEXTS.describeImage.resultPlaceholder}
        loading={busy}
        renderText={(text) => <Markdown text={text} className="pr-formatted" lineBreaks />}
      />
    </div>
  );
}
