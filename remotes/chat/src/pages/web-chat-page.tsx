// AI Web Chat (docs/product-rules.md#screens, #states): first the URL step (a page's address, example links, 'Start
// Chat (6 credits)'); a successful start opens the chat step with that page: the session list, the opening answer,
// follow-up questions at 2 credits each (ours, shown next to Send), replies with numbered source links that open the
// page at the cited passage. New Web Chat and deleting the open session return to the URL step; opening a session
// shows its page. Without a provider key the web chat still answers, locally, and says so.
import { useState, type FormEvent } from 'react';
import { Globe } from 'lucide-react';
import {
  CHAT_ENDPOINTS,
  ERROR_TEXTS,
  UI_TEXTS,
  WEB_CHAT_INITIAL_SETUP,
  deleteSessionConfirm,
  getTool,
  isHttpUrl,
  toolCost,
  WebsiteUrlSchema,
} from '@act/contracts';
import { Alert, type ToolPageProps } from '@act/host-sdk';
import { ChatFrame } from '../components/chat-frame';
import { lacksCredits } from '../components/chat-notices';
import { MembersOnly } from '../components/members-only';
import { SingleTurnThread } from '../components/single-turn-thread';
import { PageLink, UrlStep } from '../components/web-chat-url-step';
import type { ChatScreen } from '../hooks/chat-screen';
import { useChatPage } from '../hooks/use-chat-page';
import type { Turn } from '../reply-state';
import './web-chat-page.css';
import '../components/composer.css';
import '../components/model-grid.css';

/**
 * AI Web Chat: the message box sends follow-ups (2 credits, ours); starting, 6 credits, has its own step and texts
 * (WEB_CHAT_START).
 */
const SCREEN: ChatScreen<'web'> = {
  toolId: 'ai-web-chat',
  cost: toolCost('ai-web-chat', { followUp: true }),
  endpoints: CHAT_ENDPOINTS.web,
  texts: {
    newSession: UI_TEXTS.chat.newWebChat,
    confirmDelete: deleteSessionConfirm('web chat'),
    loadSessions: ERROR_TEXTS.chat.loadWebChatSessions,
    loadMessages: ERROR_TEXTS.chat.loadWebChatMessages,
    deleteSession: ERROR_TEXTS.chat.deleteWebChatSession,
    renameSession: ERROR_TEXTS.chat.renameSession,
    send: ERROR_TEXTS.chat.sendMessageDot,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsWebChatFollowUp,
    empty: UI_TEXTS.chat.webChatIntro,
  },
};

/**
 * Starting a web chat: 6 credits (docs/product-rules.md#costs-and-limits), its refusal and failure texts
 * (docs/product-rules.md#validation, #errors).
 */
const WEB_CHAT_START = {
  cost: toolCost('ai-web-chat'),
  insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsWebChat,
  failed: ERROR_TEXTS.chat.startWebChat,
} as const;
const T = UI_TEXTS.chat;
const REPLY_LABEL = getTool('ai-web-chat').name;

export function WebChatPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  return <WebChat host={host} />;
}

function WebChat({ host }: ToolPageProps) {
  /** The URL field of the URL step. */
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  /** The page the open chat reads (what was started, or the opened session's). */
  const [pageUrl, setPageUrl] = useState<string | null>(null);
  const stepPage = useChatPage(host, SCREEN, { columns: null, needsProvider: false });
  const { conversation } = stepPage;
  const chatting = conversation.sessionId !== null || conversation.turns.length > 0;
  // The URL step shows the start's price and refusal; the chat step the follow-up's.
  const page = chatting
    ? stepPage
    : {
        ...stepPage,
        cost: WEB_CHAT_START.cost,
        insufficientCredits: WEB_CHAT_START.insufficientCredits,
      };

  const start = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WebsiteUrlSchema.safeParse(address);
    if (!parsed.success) {
      setAddressError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    if (conversation.streaming || lacksCredits(host, WEB_CHAT_START.cost)) return;
    setAddressError(null);
    setPageUrl(parsed.data);
    void conversation.send({
      prompt: WEB_CHAT_INITIAL_SETUP,
      extra: { url: parsed.data },
      fallbackError: WEB_CHAT_START.failed,
      price: WEB_CHAT_START.cost,
    });
  };

  const onSend = () => stepPage.submit((prompt) => conversation.send({ prompt }));

  // Regenerate asks the last follow-up again; the opening answer (the first turn) is not asked for again, since
  // that would start a new chat.
  const last = stepPage.regenerable;
  const regenerate = last && conversation.turns.length > 1 ? () => void stepPage.regenerate(last) : undefined;

  const backToUrl = () => {
    setPageUrl(null);
    setAddress('');
    setAddressError(null);
  };

  // The opening turn shows the page it read: sent from here it is the start request, read back it is the address.
  const question = (turn: Turn, index: number) => {
    if (index !== 0) return undefined;
    const url = turn.prompt === WEB_CHAT_INITIAL_SETUP ? pageUrl : turn.prompt;
    return url && isHttpUrl(url) ? <PageLink url={url} /> : undefined;
  };

  // A session opened by its address (a reload, another tab) has no list entry to name its page: its opening message is
  // the page's address.
  const opening = conversation.turns[0]?.prompt;
  const headerUrl = pageUrl ?? (opening && isHttpUrl(opening) ? opening : null);

  return (
    <ChatFrame
      host={host}
      page={page}
      onSend={onSend}
      onOpened={(session) => {
        setPageUrl(session.url ?? null);
      }}
      onNew={backToUrl}
      onActiveDeleted={backToUrl}
      exportPrompt={(turn, index) =>
        index === 0 && turn.prompt === WEB_CHAT_INITIAL_SETUP && pageUrl ? pageUrl : turn.prompt
      }
      showComposer={chatting}
      banner={
        stepPage.availability === 'unavailable' && (
          <Alert variant="info" className="ch-notice">
            {T.webChatLocalNotice}
          </Alert>
        )
      }
    >
      {chatting ? (
        <>
          {headerUrl && (
            <header className="ch-model-header" data-testid="web-chat-page">
              <Globe size={16} aria-hidden />
              <span className="ch-model-header__label">{T.webChatPageLabel}</span>
              <PageLink url={headerUrl} />
            </header>
          )}
          <SingleTurnThread
            page={stepPage}
            label={REPLY_LABEL}
            question={question}
            onRegenerate={regenerate}
            editOf={(turn, index) => (index > 0 ? stepPage.editOf(turn) : undefined)}
          />
        </>
      ) : (
        <UrlStep
          intro={SCREEN.texts.empty}
          address={address}
          error={addressError}
          onAddress={(typed) => {
            setAddress(typed);
            setAddressError(null);
            conversation.clearSendError();
          }}
          onStart={start}
          startBlocked={lacksCredits(host, WEB_CHAT_START.cost)}
          followUpCost={SCREEN.cost}
        />
      )}
    </ChatFrame>
  );
}
