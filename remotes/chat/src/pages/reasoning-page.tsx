// Chat Reasoning (docs/product-rules.md#screens): the session list, one chat with the reasoning model (its reasoning
// shown collapsed, apart from the answer), an optional image and PDF with each message, 'New Reasoning'; 6 credits a
// message.
import { useRef } from 'react';
import { CHAT_ENDPOINTS, ERROR_TEXTS, UI_TEXTS, deleteSessionConfirm, toolCost } from '@act/contracts';
import { type ToolPageProps } from '@act/host-sdk';
import {
  AttachmentButtons,
  AttachmentChips,
  sentAttachments,
  useAttachments,
} from '../components/attachment-picker';
import { ChatFrame } from '../components/chat-frame';
import { MembersOnly } from '../components/members-only';
import { SingleTurnThread } from '../components/single-turn-thread';
import type { ChatScreen, OutgoingMessage } from '../hooks/chat-screen';
import { useChatPage } from '../hooks/use-chat-page';

const SCREEN: ChatScreen<'reasoning'> = {
  toolId: 'chat-reasoning',
  cost: toolCost('chat-reasoning'),
  endpoints: CHAT_ENDPOINTS.reasoning,
  texts: {
    newSession: UI_TEXTS.chat.newReasoning,
    confirmDelete: deleteSessionConfirm('reasoning'),
    loadSessions: ERROR_TEXTS.chat.loadReasoningSessions,
    loadMessages: ERROR_TEXTS.chat.loadReasoningMessages,
    deleteSession: ERROR_TEXTS.chat.deleteReasoningSession,
    renameSession: ERROR_TEXTS.chat.renameSession,
    send: ERROR_TEXTS.chat.sendReasoningQuery,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsReasoning,
    empty: UI_TEXTS.chat.reasoningEmpty,
  },
};
const T = UI_TEXTS.chat;

export function ReasoningPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  return <Reasoning host={host} />;
}

function Reasoning({ host }: ToolPageProps) {
  const page = useChatPage(host, SCREEN, { columns: null });
  const { conversation, regenerable } = page;
  const attachments = useAttachments();
  // The last message as sent, attachments included, for Regenerate.
  const lastSent = useRef<OutgoingMessage | null>(null);

  const send = (message: OutgoingMessage) => {
    lastSent.current = message;
    return conversation.send(message);
  };

  const onSend = () =>
    page.submit((prompt) => {
      const { image, pdf } = attachments;
      attachments.clear();
      return send({
        prompt,
        attachments: sentAttachments(image, pdf),
        extra: { image: image?.dataUrl ?? null, pdf: pdf?.dataUrl ?? null },
      });
    });

  // The last message's answer again (a new version of it); its attachments too when it was sent from this page (they
  // are not stored with a reasoning session).
  const regenerate = regenerable
    ? () =>
        void page.regenerate(regenerable, {
          resend:
            lastSent.current?.prompt === regenerable.prompt
              ? lastSent.current
              : { prompt: regenerable.prompt },
        })
    : undefined;

  // New, or deleting the open session, also drops the attachments and what Regenerate would resend.
  const clearDraft = () => {
    attachments.clear();
    page.setText('');
    lastSent.current = null;
  };

  return (
    <ChatFrame
      host={host}
      page={page}
      onSend={onSend}
      onOpened={() => {
        lastSent.current = null;
      }}
      onNew={clearDraft}
      onActiveDeleted={clearDraft}
      composerAttachments={<AttachmentChips attachments={attachments} />}
      composerTools={<AttachmentButtons attachments={attachments} disabled={conversation.streaming} />}
    >
      <SingleTurnThread
        page={page}
        label={T.reasoning}
        onRegenerate={regenerate}
        empty={SCREEN.texts.empty}
      />
    </ChatFrame>
  );
}
