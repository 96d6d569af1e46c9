// A Deep Search report as plain data (docs/product-rules.md#deep-search), and the pure functions that make it: from
// the events streamed here, from a saved session's messages, or grown by the events of a report followed by its id.
import {
  DEEP_SEARCH_TEXTS,
  type ChatFollowEvent,
  type ChatMessage,
  type ChatStreamEvent,
  type Citation,
} from '@act/contracts';

const T = DEEP_SEARCH_TEXTS;

export type StepEvent = Extract<ChatStreamEvent, { type: 'step' }>;

/** A report as shown: streamed here, or read back from a saved session. */
export interface Report {
  question: string;
  text: string;
  citations: Citation[];
  /** 'streaming' while it is being written (here or, reopened, on the server). */
  status: 'streaming' | 'completed' | 'stopped' | 'failed';
  error: string | null;
  /** The reply's id (a saved report's reply_id): what a report still being written is followed by. */
  replyId?: string;
}

/** A research step in words: 'Searching the web for “tides”'. */
export function stepText(step: StepEvent): string {
  const label = T.steps[step.step];
  return step.detail ? `${label} ${step.step === 'searching' ? `“${step.detail}”` : step.detail}` : label;
}

/** A saved question and its report (none yet: the report is being started). */
function savedReport(question: ChatMessage, answer: ChatMessage | undefined): Report {
  return {
    question: question.content,
    text: answer?.content ?? '',
    citations: answer?.citations ?? [],
    status: answer?.status ?? 'completed',
    error: answer?.error ?? null,
    ...(answer?.reply_id ? { replyId: answer.reply_id } : {}),
  };
}

/** Every question of the saved session with its report, oldest first (a follow-up's come after the first). */
export function reportsOf(messages: ChatMessage[]): Report[] {
  return messages.flatMap((message, index) => {
    if (message.role !== 'user') return [];
    const next = messages[index + 1];
    return [savedReport(message, next?.role === 'assistant' ? next : undefined)];
  });
}

/** The saved session's last question and report (the one a follow-up may still be writing). */
export function reportOf(messages: ChatMessage[]): Report | null {
  return reportsOf(messages).at(-1) ?? null;
}

/**
 * The report streamed here so far: `streaming` while the stream is read, else how it ended (failed when it ended
 * without `done`); `failure` is the stream's own failure (a refusal, a lost connection).
 */
export function streamedReport(
  question: string,
  events: readonly ChatStreamEvent[],
  streaming: boolean,
  failure: string | undefined,
): Report {
  let text = '';
  let citations: Citation[] = [];
  let status: Report['status'] = streaming ? 'streaming' : 'failed';
  let error: string | null = null;
  for (const event of events) {
    if (event.type === 'delta') text += event.text;
    else if (event.type === 'sources') citations = event.citations;
    else if (event.type === 'done') status = event.status;
    else if (event.type === 'error') error = event.error;
  }
  if (!streaming && failure) error = failure;
  return { question, text, citations, status, error };
}

/** The report after one event of its follow: `start` brings the whole text so far again, replacing what was shown. */
export function followedReport(report: Report, event: ChatFollowEvent): Report {
  switch (event.type) {
    case 'start':
      return { ...report, text: '' };
    case 'delta':
      return { ...report, text: report.text + event.text };
    case 'sources':
      return { ...report, citations: event.citations };
    case 'done':
      return { ...report, status: event.status, error: event.error ?? null };
    case 'error':
      return { ...report, status: 'failed', error: event.error || T.failed };
    default:
      return report;
  }
}

/** The report as a Markdown file: the question as its title, then the report with its list of pages read. */
export function reportMarkdown(report: Pick<Report, 'question' | 'text'>): string {
  return `# ${report.question.replace(/\s+/g, ' ').trim()}\n\n${report.text.trim()}\n`;
}
