// Deep Search (docs/product-rules.md#deep-search): a question in, the research's steps as they happen, then one report
// with numbered citations that open the pages they came from and the list of pages read; Stop (free), Copy, Download
// as Markdown, and the past reports (the chat session list: search, rename, delete, reopen). Members only; what is
// missing on the server (search provider, LLM key) is said before the member types. The open report is in the
// address (`?session=<id>`, as on the chat screens): a reload or another tab opens it again, and a report still being
// written is followed by its reply id, live, to its end (docs/product-rules.md#resume).
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CHAT_ENDPOINTS,
  DEEP_SEARCH_TEXTS,
  LIMITS,
  type ChatMessage,
  type ChatStreamEvent,
  type Citation,
  type DeepSearchStatusReply,
} from '@act/contracts';
import {
  Alert,
  Button,
  RunError,
  downloadNames,
  errorMessage,
  isApiError,
  saveBlob,
  useCopy,
  useStreamedReply,
  type ToolPageProps,
} from '@act/host-sdk';
import { fetchBalance, listMessages } from '../api/chat-api';
import { DEEP_SEARCH_SCREEN } from '../chat-screens';
import { lacksCredits } from '../components/chat-notices';
import { Markdown } from '../components/markdown';
import { MembersOnly } from '../components/members-only';
import { SessionSidebar } from '../components/session-sidebar';
import { useSessionList } from '../hooks/use-session-list';
import { sessionInAddress, showSessionInAddress } from '../session-address';
import './deep-search-page.css';

const SCREEN = DEEP_SEARCH_SCREEN;
const T = DEEP_SEARCH_TEXTS;
/** How often a reopened report that is still being written is read again. */
const FOLLOW_MS = 2_000;
/** How soon a follow that broke off after it started is opened again. */
const REFOLLOW_MS = 1_000;

export function DeepSearchPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  return <DeepSearch host={host} />;
}

type StepEvent = Extract<ChatStreamEvent, { type: 'step' }>;

/** A report as shown: streamed here, or read back from a saved session. */
interface Report {
  question: string;
  text: string;
  citations: Citation[];
  /** 'streaming' while it is being written (here or, reopened, on the server). */
  status: 'streaming' | 'completed' | 'stopped' | 'failed';
  error: string | null;
  /** The reply's id (a saved report's reply_id): what a report still being written is followed by. */
  replyId?: string;
}

function stepText(step: StepEvent): string {
  const label = T.steps[step.step];
  return step.detail ? `${label} ${step.step === 'searching' ? `“${step.detail}”` : step.detail}` : label;
}

/** The saved session's question and report. */
function reportOf(messages: ChatMessage[]): Report | null {
  const question = messages.find((message) => message.role === 'user');
  const answer = messages.find((message) => message.role === 'assistant');
  if (!question) return null;
  return {
    question: question.content,
    text: answer?.content ?? '',
    citations: answer?.citations ?? [],
    status: answer?.status ?? 'completed',
    error: answer?.error ?? null,
    ...(answer?.reply_id ? { replyId: answer.reply_id } : {}),
  };
}

/** The report as a Markdown file: the question as its title, then the report with its list of pages read. */
export function reportMarkdown(report: Pick<Report, 'question' | 'text'>): string {
  return `# ${report.question.replace(/\s+/g, ' ').trim()}\n\n${report.text.trim()}\n`;
}

function DeepSearch({ host }: ToolPageProps) {
  const { api } = host;
  const sessions = useSessionList(api, SCREEN);
  const [status, setStatus] = useState<DeepSearchStatusReply | null>(null);
  const [question, setQuestion] = useState('');
  const [opened, setOpened] = useState<{ id: string; report: Report } | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const replyId = useRef<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const copy = useCopy();
  const { reload: reloadSessions } = sessions;

  const reply = useStreamedReply(api, CHAT_ENDPOINTS.deepSearch.sendMessage, {
    fallbackError: T.failed,
    onCreditsChange: host.onCreditsChange,
    onEvent: (event) => {
      if (event.type === 'start') {
        replyId.current = event.messageId;
        showSessionInAddress(event.sessionId);
        reloadSessions();
      }
    },
  });

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(CHAT_ENDPOINTS.deepSearch.status, { signal: controller.signal })
      .then(setStatus)
      .catch(() => undefined);
    return () => controller.abort();
  }, [api]);

  // A reopened report still being written (its tab was closed, the page reloaded) is followed by its reply id: the
  // server sends its text so far, then the rest as it is written, from any replica. A follow that breaks off after it
  // started is opened again; where the reply cannot be followed, the report is read again every FOLLOW_MS.
  const followId = opened?.report.status === 'streaming' ? opened.id : null;
  const followReply = followId ? opened?.report.replyId : undefined;
  const [unfollowable, setUnfollowable] = useState<string | null>(null);
  const onCreditsChange = useRef(host.onCreditsChange);
  onCreditsChange.current = host.onCreditsChange;
  const [followTries, setFollowTries] = useState(0);
  useEffect(() => {
    if (!followId || !followReply || followReply === unfollowable) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const update = (change: (report: Report) => Report) =>
      setOpened((current) =>
        current?.id === followId ? { id: followId, report: change(current.report) } : current,
      );
    void (async () => {
      let started = false;
      let ended = false;
      try {
        const follow = { params: { id: followReply }, signal: controller.signal, fallbackError: T.failed };
        for await (const event of api.stream(CHAT_ENDPOINTS.follow, follow)) {
          if (controller.signal.aborted) return;
          if (event.type === 'start') {
            started = true;
            // The whole text so far comes again: it replaces what was shown.
            update((report) => ({ ...report, text: '' }));
          } else if (event.type === 'delta') {
            update((report) => ({ ...report, text: report.text + event.text }));
          } else if (event.type === 'sources') {
            update((report) => ({ ...report, citations: event.citations }));
          } else if (event.type === 'done') {
            ended = true;
            // The report was charged when it ended: the header balance follows (read again when not sent).
            if (event.remainingCredits !== undefined) onCreditsChange.current(event.remainingCredits);
            else void fetchBalance(api).then(onCreditsChange.current, () => undefined);
            update((report) => ({ ...report, status: event.status, error: event.error ?? null }));
          } else if (event.type === 'error') {
            ended = true;
            update((report) => ({ ...report, status: 'failed', error: event.error || T.failed }));
          }
        }
      } catch {
        if (controller.signal.aborted) return;
        if (!started) {
          setUnfollowable(followReply);
          return;
        }
      }
      if (!ended && !controller.signal.aborted) {
        retry = setTimeout(() => setFollowTries((count) => count + 1), REFOLLOW_MS);
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [api, followId, followReply, unfollowable, followTries]);

  const pollId = followId && (!followReply || followReply === unfollowable) ? followId : null;
  useEffect(() => {
    if (!pollId) return;
    const timer = setInterval(() => {
      listMessages(api, SCREEN, pollId)
        .then((messages) => {
          const report = reportOf(messages);
          if (report) setOpened((current) => (current?.id === pollId ? { id: pollId, report } : current));
        })
        .catch(() => undefined);
    }, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [api, pollId]);

  const streamed: Report | null = asked
    ? (() => {
        let text = '';
        let citations: Citation[] = [];
        let state: Report['status'] = reply.streaming ? 'streaming' : 'failed';
        let error: string | null = null;
        for (const event of reply.events) {
          if (event.type === 'delta') text += event.text;
          else if (event.type === 'sources') citations = event.citations;
          else if (event.type === 'done') state = event.status;
          else if (event.type === 'error') error = event.error;
        }
        if (!reply.streaming && reply.error) error = reply.error.message;
        return { question: asked, text, citations, status: state, error };
      })()
    : null;
  const steps = asked ? reply.events.filter((event): event is StepEvent => event.type === 'step') : [];
  const report = streamed ?? opened?.report ?? null;

  const available = status?.available ?? true;
  const blocked = !available || lacksCredits(host, SCREEN.cost);
  const refused = asked !== null && !reply.streaming && !reply.events.some((event) => event.type === 'start');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || blocked || reply.streaming) return;
    setOpened(null);
    setOpenError(null);
    showSessionInAddress(null);
    setAsked(text);
    setStopping(false);
    replyId.current = null;
    void reply.start({ body: { question: text, toolName: 'deep-search' } });
  };

  const onStop = () => {
    const id = replyId.current;
    if (!id || stopping) return;
    setStopping(true);
    api.call(CHAT_ENDPOINTS.stop, { body: { messageId: id } }).catch(() => setStopping(false));
  };

  const open = useCallback(
    async (id: string) => {
      reply.reset();
      setAsked(null);
      setOpenError(null);
      showSessionInAddress(id);
      try {
        const loaded = reportOf(await listMessages(api, SCREEN, id));
        setOpened(loaded ? { id, report: loaded } : null);
      } catch (error) {
        setOpened(null);
        setOpenError(errorMessage(error, T.loadReport));
      }
    },
    [api, reply],
  );

  // The report the address names opens once, when the page loads.
  const addressed = useRef(sessionInAddress());
  useEffect(() => {
    const id = addressed.current;
    addressed.current = null;
    if (id) void open(id);
  }, [open]);

  const startNew = () => {
    showSessionInAddress(null);
    reply.reset();
    setAsked(null);
    setOpened(null);
    setOpenError(null);
    setQuestion('');
  };

  const activeId = opened?.id ?? (reply.events[0]?.type === 'start' ? reply.events[0].sessionId : null);
  const finished = report && report.status === 'completed' && report.text !== '';

  return (
    <div className="ch-layout">
      <SessionSidebar
        screen={SCREEN}
        sessions={sessions}
        api={host.api}
        activeId={activeId}
        onSelect={(session) => void open(session.id)}
        onNew={startNew}
        onDeleted={(id) => {
          if (id === activeId) startNew();
        }}
        disabled={reply.streaming}
      />
      <section className="ch-main act-panel ds-main">
        {status && !status.available && (
          <Alert variant="error" className="ch-notice">
            {!status.search ? T.unavailableSearch : T.unavailableLlm}
          </Alert>
        )}
        {available && lacksCredits(host, SCREEN.cost) && (
          <Alert variant="error" className="ch-notice">
            {T.insufficientCredits}
          </Alert>
        )}
        <form className="ds-ask" onSubmit={onSubmit}>
          <label className="ds-ask__label" htmlFor="ds-question">
            {T.questionLabel}
          </label>
          <textarea
            id="ds-question"
            className="act-input ds-ask__input"
            value={question}
            maxLength={LIMITS.chatMessage}
            rows={3}
            placeholder={T.questionPlaceholder}
            disabled={reply.streaming}
            onChange={(event) => setQuestion(event.target.value)}
          />
          <div className="ds-ask__actions">
            {reply.streaming ? (
              <Button type="button" variant="danger" onClick={onStop} busy={stopping}>
                {T.stop}
              </Button>
            ) : (
              <Button type="submit" variant="gradient" disabled={blocked || question.trim() === ''}>
                {T.research(SCREEN.cost)}
              </Button>
            )}
          </div>
        </form>
        {refused && reply.error && (
          <RunError
            error={reply.error.message}
            needsSignup={isApiError(reply.error) && reply.error.needsSignup === true}
            host={host}
          />
        )}
        {openError && <RunError error={openError} needsSignup={false} host={host} />}
        {!report && !refused && <p className="ch-main__empty">{T.empty}</p>}
        {steps.length > 0 && (
          <ol className="ds-steps" aria-label={T.stepsLabel}>
            {steps.map((step, index) => (
              <li
                key={index}
                className={index === steps.length - 1 && reply.streaming ? 'ds-step ds-step--now' : 'ds-step'}
              >
                {stepText(step)}
              </li>
            ))}
          </ol>
        )}
        {report && !refused && (
          <article className="ds-report" aria-label={T.reportLabel}>
            <h2 className="ds-report__question">{report.question}</h2>
            {report.text && <Markdown text={report.text} citations={report.citations} />}
            {report.status === 'streaming' && !asked && <p className="ds-note">{T.stillWriting}</p>}
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
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    saveBlob(
                      new Blob([reportMarkdown(report)], { type: 'text/markdown' }),
                      downloadNames.deepSearchReport(),
                    )
                  }
                >
                  {T.download}
                </Button>
                {copy.error && <span className="ds-note">{copy.error}</span>}
              </div>
            )}
          </article>
        )}
      </section>
    </div>
  );
}
