// Deep Search's state (docs/product-rules.md#deep-search): whether research can run, the question being researched
// here (its steps and report streamed live), or a past report opened from the list or the address (`?session=<id>`).
// A reopened report still being written is followed by its reply id to its end (use-followed-reply.ts); Stop asks the
// server to stop the report (free).
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_ENDPOINTS, DEEP_SEARCH_TEXTS, type DeepSearchStatusReply } from '@act/contracts';
import { errorMessage, useStreamedReply, type StreamedReply, type ToolHost } from '@act/host-sdk';
import { listMessages } from '../api/chat-api';
import { DEEP_SEARCH_SCREEN } from '../chat-screens';
import { followedReport, reportOf, streamedReport, type Report, type StepEvent } from '../deep-search-report';
import { sessionInAddress, showSessionInAddress } from '../session-address';
import { useFollowedReply } from './use-followed-reply';

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
  /** The research steps of the run here. */
  steps: StepEvent[];
  /** Opening a past report failed (spec text). */
  openError: string | null;
  /** The session of the report shown (the list marks it). */
  activeId: string | null;
  stopping: boolean;
  /** Researches a question: the address and the list follow once it started. */
  ask(question: string): void;
  stop(): void;
  open(sessionId: string): Promise<void>;
  /** Back to an empty page (New research, or the open report deleted). */
  startNew(): void;
}

export function useDeepSearch(host: ToolHost, onStarted: () => void): DeepSearch {
  const { api } = host;
  const [status, setStatus] = useState<DeepSearchStatusReply | null>(null);
  const [opened, setOpened] = useState<{ id: string; report: Report } | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
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
        const loaded = reportOf(await listMessages(api, DEEP_SEARCH_SCREEN, id));
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

  const ask = (question: string) => {
    setOpened(null);
    setOpenError(null);
    showSessionInAddress(null);
    setAsked(question);
    setStopping(false);
    replyId.current = null;
    void reply.start({ body: { question, toolName: 'deep-search' } });
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
  };

  const streamed = asked ? streamedReport(asked, reply.events, reply.streaming, reply.error?.message) : null;
  const first = reply.events[0];
  return {
    status,
    reply,
    asked,
    report: streamed ?? opened?.report ?? null,
    steps: asked ? reply.events.filter((event): event is StepEvent => event.type === 'step') : [],
    openError,
    activeId: opened?.id ?? (first?.type === 'start' ? first.sessionId : null),
    stopping,
    ask,
    stop,
    open,
    startNew,
  };
}
