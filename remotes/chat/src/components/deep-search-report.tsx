// Deep Search's research as it is shown: the steps of the run here (the latest marked while it runs), then the report
// with its numbered citations, a note while it is still written or after a Stop, its failure in its own words, and
// once finished Copy, Download as Markdown and the page's Send to (docs/product-rules.md#deep-search, #send-to).
import type { ReactNode } from 'react';
import { DEEP_SEARCH_TEXTS } from '@act/contracts';
import { Alert, Button, downloadNames, saveBlob, useCopy } from '@act/host-sdk';
import { reportMarkdown, stepText, type Report, type StepEvent } from '../deep-search-report';
import { Markdown } from './markdown';

const T = DEEP_SEARCH_TEXTS;

export function DeepSearchSteps({ steps, running }: { steps: readonly StepEvent[]; running: boolean }) {
  if (steps.length === 0) return null;
  return (
    <ol className="ds-steps" aria-label={T.stepsLabel}>
      {steps.map((step, index) => (
        <li
          key={index}
          className={index === steps.length - 1 && running ? 'ds-step ds-step--now' : 'ds-step'}
        >
          {stepText(step)}
        </li>
      ))}
    </ol>
  );
}

export interface DeepSearchReportProps {
  report: Report;
  /** The report is followed from the server (opened, not researched here): say it is still being written. */
  reopened: boolean;
  /** The report's Send to menu (its session is its library item), shown once it is finished. */
  sendTo?: ReactNode;
}

export function DeepSearchReport({ report, reopened, sendTo }: DeepSearchReportProps) {
  const copy = useCopy();
  const finished = report.status === 'completed' && report.text !== '';
  const download = () =>
    saveBlob(new Blob([reportMarkdown(report)], { type: 'text/markdown' }), downloadNames.deepSearchReport());
  return (
    <article className="ds-report" aria-label={T.reportLabel}>
      <h2 className="ds-report__question">{report.question}</h2>
      {report.text && <Markdown text={report.text} citations={report.citations} />}
      {report.status === 'streaming' && reopened && <p className="ds-note">{T.stillWriting}</p>}
      {report.status === 'stopped' && <p className="ds-note">{T.stopped}</p>}
      {report.status === 'failed' && report.error && (
        <Alert variant="error" className="ch-notice">
          {report.error}
        </Alert>
      )}
      {finished && (
        <div className="ds-report__actions">
          <Button type="button" variant="outline" size="sm" onClick={() => void copy.copy(report.text)}>
            {copy.copied ? T.copied : T.copy}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={download}>
            {T.download}
          </Button>
          {sendTo}
          {copy.error && <span className="ds-note">{copy.error}</span>}
        </div>
      )}
    </article>
  );
}
