// Deep Search's state (docs/product-rules.md#deep-search): whether research can run, the question being researched
// here (its steps and report streamed live), or a past report opened from the list or the address (`?session=<id>`).
// A reopened report still being written is followed by its reply id to its end (use-followed-reply.ts); Stop asks the
// server to stop the report (free).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_ENDPOINTS,
  DEEP_SEARCH_TEXTS,
  deleteSessionConfirm,
  toolCost,
  type DeepSearchStatusReply,
} from '@act/contracts';
import { errorMessage, useStreamedReply, type StreamedReply, type ToolHost } from '@act/host-sdk';
import { listMessages } from '../api/chat-api';
import type { ChatScreen } from './chat-screen';
import {
  followedReport,
  reportOf,
  reportsOf,
  streamedReport,
  type Report,
  type StepEvent,
} from '../deep-search-report';
import { sessionInAddress, showSessionInAddress } from '../session-address';
import { useFollowedReply } from './use-followed-reply';

/**
 * Deep Search: its past reports share the chat session list (search, rename, delete); a report costs 4 credits
 * (docs/product-rules.md#deep-search). Its page sends questions itself, not through the chat conversation.
 */
export const DEEP_SEARCH_SCREEN: ChatScreen<'deepSearch'> = {
  toolId: 'deep-search',
  cost: toolCost('deep-search'),
  endpoints: CHAT_ENDPOINTS.deepSearch,
  texts: {
    newSession: DEEP_SEARCH_TEXTS.newResearch,
    confirmDelete: deleteSessionConfirm('deep search'),
    loadSessions: DEEP_SEARCH_TEXTS.loadSessions,
    loadMessages: DEEP_SEARCH_TEXTS.loadReport,
    deleteSession: DEEP_SEARCH_TEXTS.deleteSession,
    renameSession: DEEP_SEARCH_TEXTS.renameSession,
    send: DEEP_SEARCH_TEXTS.failed,
    insufficientCredits: DEEP_SEARCH_TEXTS.insufficientCredits,
    empty: DEEP_SEARCH_TEXTS.empty,
  },
};

const T = DEEP_SEARCH_TEXTS;

export interface DeepSearch {
  /** What the server has (search provider, LLM key), once read. */
  status: DeepSearchStatusReply | null;
  /** The research run here (its events, whether it streams, why it failed). */
  reply: StreamedReply<typeof CHAT_ENDPOINTS.deepSearch.sendMessage>;
  /** The question researched here, or null while a past report (or nothing) is shown. */
  asked: string | null;
  /** The report shown: the one researched here, else the opened one. */
  report: Report | null;
  /** The session's reports before it (follow-ups: docs/product-rules.md#deep-search), oldest first. */
  earlier: Report[];
  /** The research steps of the run here. */
  steps: StepEvent[];
  /** Opening a past report failed (spec text). */
  openError: string | null;
  /** The session of the report shown (the list marks it). */
  activeId: string | null;
  stopping: boolean;
  /** Researches a question: the address and the list follow once it started. */
  ask(question: string): void;
  /** Asks a follow-up in the session of the report shown, under it. */
  followUp(question: string): void;
  stop(): void;
  open(sessionId: string): Promise<void>;
  /** Back to an empty page (New research, or the open report deleted). */
  startNew(): void;
}

export function useDeepSearch(
  host: ToolHost,
  onStarted: () => void,
  /** Issue 38: a new report starts in this project (the one the session list shows). */
  projectId: string | null = null,
): DeepSearch {
  const { api } = host;
  const [status, setStatus] = useState<DeepSearchStatusReply | null>(null);
  const [opened, setOpened] = useState<{ id: string; report: Report } | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  // A follow-up's session and the reports above it.
  const [thread, setThread] = useState<{ id: string | null; earlier: Report[] }>({ id: null, earlier: [] });
  const [stopping, setStopping] = useState(false);
  const replyId = useRef<string | null>(null);

  const reply = useStreamedReply(api, CHAT_ENDPOINTS.deepSearch.sendMessage, {
    fallbackError: T.failed,
    onCreditsChange: host.onCreditsChange,
    onEvent: (event) => {
      if (event.type === 'start') {
        replyId.current = event.messageId;
        showSessionInAddress(event.sessionId);
        onStarted();
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

  // A reopened report still being written (its tab was closed, the page reloaded) is followed by its reply id; where
  // it cannot be, the report is read again until it ends.
  const writingId = opened?.report.status === 'streaming' ? opened.id : null;
  const update = (id: string, change: (report: Report) => Report) =>
    setOpened((current) => (current?.id === id ? { id, report: change(current.report) } : current));
  useFollowedReply(
    api,
    writingId ? opened?.report.replyId : undefined,
    (event) => {
      if (writingId) update(writingId, (report) => followedReport(report, event));
    },
    {
      fallbackError: T.failed,
      onCreditsChange: host.onCreditsChange,
      poll: {
        writing: writingId !== null,
        read: async () => {
          if (!writingId) return;
          const report = reportOf(await listMessages(api, DEEP_SEARCH_SCREEN, writingId));
          if (report) update(writingId, () => report);
        },
      },
    },
  );

  const open = useCallback(
    async (id: string) => {
      reply.reset();
      setAsked(null);
      setOpenError(null);
      showSessionInAddress(id);
      try {
        const loaded = reportsOf(await listMessages(api, DEEP_SEARCH_SCREEN, id));
        const last = loaded.at(-1);
        setOpened(last ? { id, report: last } : null);
        setThread({ id, earlier: loaded.slice(0, -1) });
      } catch (error) {
        setOpened(null);
        setThread({ id: null, earlier: [] });
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

  const ask = (question: string, sessionId?: string) => {
    setOpened(null);
    setOpenError(null);
    if (!sessionId) {
      showSessionInAddress(null);
      setThread({ id: null, earlier: [] });
    }
    setAsked(question);
    setStopping(false);
    replyId.current = null;
    // A follow-up names its session; a new report may start in the picked project (undefined fields are not sent).
    void reply.start({
      body: { question, toolName: 'deep-search', sessionId, projectId: projectId ?? undefined },
    });
  };

  const stop = () => {
    const id = replyId.current;
    if (!id || stopping) return;
    setStopping(true);
    api.call(CHAT_ENDPOINTS.stop, { body: { messageId: id } }).catch(() => setStopping(false));
  };

  const startNew = () => {
    showSessionInAddress(null);
    reply.reset();
    setAsked(null);
    setOpened(null);
    setOpenError(null);
    setThread({ id: null, earlier: [] });
  };

  const streamed = asked ? streamedReport(asked, reply.events, reply.streaming, reply.error?.message) : null;
  const first = reply.events[0];
  const report = streamed ?? opened?.report ?? null;
  const activeId = opened?.id ?? (first?.type === 'start' ? first.sessionId : thread.id);
  const followUp = (question: string) => {
    if (!activeId || !report) return;
    setThread({ id: activeId, earlier: [...(thread.id === activeId ? thread.earlier : []), report] });
    ask(question, activeId);
  };
  return {
    status,
    reply,
    asked,
    report,
    earlier: thread.id === activeId ? thread.earlier : [],
    steps: asked ? reply.events.filter((event): event is StepEvent => event.type === 'step') : [],
    openError,
    activeId,
    stopping,
    ask: (question) => ask(question),
    followUp,
    stop,
    open,
    startNew,
  };
}
