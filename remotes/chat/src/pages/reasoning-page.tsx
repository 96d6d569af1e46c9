// Chat Reasoning (spec §2): the session list, one chat with the reasoning model (its reasoning shown collapsed, apart
// from the answer), an optional image and PDF with each message, 'New Reasoning'; 6 credits a message.
import { useCallback, useRef, useState } from 'react';
import { FileText, ImageIcon } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Alert, Button, Spinner, type ToolPageProps } from '@act/host-sdk';
import { REASONING_SCREEN } from '../chat-screens';
import { AttachmentButtons, AttachmentChips } from '../components/attachment-picker';
import { ChatNotices, lacksCredits } from '../components/chat-notices';
import { Composer } from '../components/composer';
import { MembersOnly } from '../components/members-only';
import { ReplyView } from '../components/reply-view';
import { SessionSidebar } from '../components/session-sidebar';
import { useAttachments } from '../hooks/use-attachments';
import { useChatStatus } from '../hooks/use-chat-status';
import { useConversation, type OutgoingMessage } from '../hooks/use-conversation';
import { useSessionList } from '../hooks/use-session-list';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { SINGLE } from '../reply-state';

const SCREEN = REASONING_SCREEN;
const T = UI_TEXTS.chat;

export function ReasoningPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  return <Reasoning host={host} />;
}

function Reasoning({ host }: ToolPageProps) {
  const availability = useChatStatus(host.api);
  const sessions = useSessionList(host.api, SCREEN);
  const { reload: reloadSessions, touch: touchSession } = sessions;
  const conversation = useConversation(host, SCREEN, {
    columns: null,
    onSessionCreated: useCallback(() => reloadSessions(), [reloadSessions]),
    onSessionActive: touchSession,
  });
  const attachments = useAttachments();
  const [text, setText] = useState('');
  const scroller = useStickToBottom<HTMLDivElement>(conversation.turns);
  // The last message as sent, attachments included, for Regenerate.
  const lastSent = useRef<OutgoingMessage | null>(null);
  const blocked = availability === 'unavailable' || lacksCredits(host, SCREEN);

  const send = (message: OutgoingMessage) => {
    lastSent.current = message;
    return conversation.send(message);
  };

  const onSend = () => {
    const prompt = text.trim();
    if (!prompt || blocked || conversation.streaming) return;
    const { image, pdf } = attachments;
    const message: OutgoingMessage = {
      prompt,
      attachmentNames: { image: image?.name, pdf: pdf?.name },
      extra: { image: image?.dataUrl ?? null, pdf: pdf?.dataUrl ?? null },
    };
    setText('');
    attachments.clear();
    void send(message).then((started) => {
      if (!started) setText((current) => (current === '' ? prompt : current));
    });
  };

  const last = conversation.turns.at(-1);
  const regenerate =
    last && !conversation.streaming && !blocked
      ? () => void send(lastSent.current?.prompt === last.prompt ? lastSent.current : { prompt: last.prompt })
      : undefined;

  const reset = () => {
    conversation.reset();
    attachments.clear();
    setText('');
    lastSent.current = null;
  };

  let thread;
  if (conversation.loading) {
    thread = (
      <div className="ch-main__state">
        <Spinner size={24} showLabel />
      </div>
    );
  } else if (conversation.loadError) {
    thread = (
      <Alert
        variant="error"
        action={
          conversation.sessionId ? (
            <Button size="sm" variant="outline" onClick={() => conversation.open(conversation.sessionId!)}>
              {UI_TEXTS.common.tryAgain}
            </Button>
          ) : undefined
        }
      >
        {conversation.loadError}
      </Alert>
    );
  } else if (conversation.turns.length === 0) {
    thread = <p className="ch-main__empty">{SCREEN.texts.empty}</p>;
  } else {
    thread = conversation.turns.map((turn, index) => {
      const reply = turn.replies[SINGLE];
      const isLast = index === conversation.turns.length - 1;
      return (
        <div key={turn.key} className="ch-turn ch-turn--single">
          <div className="ch-user" aria-label={T.you}>
            <p>{turn.prompt}</p>
            {(turn.attachments?.image || turn.attachments?.pdf) && (
              <p className="ch-user__files">
                {turn.attachments.image && (
                  <span className="ch-chip">
                    <ImageIcon size={14} aria-hidden /> {turn.attachments.image}
                  </span>
                )}
                {turn.attachments.pdf && (
                  <span className="ch-chip">
                    <FileText size={14} aria-hidden /> {turn.attachments.pdf}
                  </span>
                )}
              </p>
            )}
          </div>
          {reply && (
            <ReplyView reply={reply} label={T.reasoning} onRegenerate={isLast ? regenerate : undefined} />
          )}
        </div>
      );
    });
  }

  return (
    <div className="ch-layout">
      <SessionSidebar
        screen={SCREEN}
        sessions={sessions}
        activeId={conversation.sessionId}
        onSelect={(session) => {
          conversation.open(session.id);
          lastSent.current = null;
        }}
        onNew={reset}
        onDeleted={(id) => {
          if (id === conversation.sessionId) reset();
        }}
      />
      <section className="ch-main act-panel">
        <div className="ch-thread" ref={scroller}>
          {thread}
        </div>
        <ChatNotices
          host={host}
          screen={SCREEN}
          availability={availability}
          sendError={conversation.sendError}
          needsSignup={conversation.needsSignup}
          following={conversation.following}
        />
        <Composer
          value={text}
          onChange={setText}
          onSend={onSend}
          onStop={conversation.stop}
          streaming={conversation.streaming}
          stopping={conversation.stopping}
          blocked={blocked}
          cost={SCREEN.cost}
          attachments={<AttachmentChips attachments={attachments} />}
          tools={<AttachmentButtons attachments={attachments} disabled={conversation.streaming} />}
        />
      </section>
    </div>
  );
}
