// Chat Agent (docs/product-rules.md#screens, #states): first the model-selection grid (the eight models of
// docs/product-rules.md#entities with their badges), then the chat with that model beside the session list. Choosing
// a model clears the current session; opening a session restores its model; New Chat, Change model and deleting the
// open session return to the grid. An image and a PDF may go with a message where the model can read them, and web
// search where it has it; a message costs 2 credits, 7 with web search, shown next to Send. Replies show the sources
// web search returned as numbered links. Conversation mode (docs/product-rules.md#conversation-mode) sends what the
// member says and reads the answer aloud, hands-free.
import { useEffect, useRef, useState } from 'react';
import {
  CHAT_ENDPOINTS,
  ERROR_TEXTS,
  UI_TEXTS,
  getChatModel,
  getTool,
  insufficientCreditsChatAgent,
  toolCost,
  type ChatModel,
} from '@act/contracts';
import { FromItemNotice, type ToolPageProps } from '@act/host-sdk';
import {
  AttachmentButtons,
  AttachmentChips,
  sentAttachments,
  useAttachments,
  type AttachmentsState,
} from '../components/attachment-picker';
import { ChatFrame } from '../components/chat-frame';
import { MembersOnly } from '../components/members-only';
import { ModelGrid, ModelHeader } from '../components/model-grid';
import { SingleTurnThread } from '../components/single-turn-thread';
import { WebSearchToggle } from '../components/web-search-toggle';
import { CHAT_SESSION_TEXTS, type ChatScreen, type OutgoingMessage } from '../hooks/chat-screen';
import { useChatPage } from '../hooks/use-chat-page';
import { useFromContext } from '../hooks/use-from-context';
import { SINGLE } from '../reply-state';
import { ConversationModeButton, ConversationModeStatus } from '../voice/conversation-mode';
import { useConversationMode } from '../voice/use-conversation-mode';
import { ChatVoiceProvider, useChatVoice } from '../voice/voice-context';

/**
 * Chat Agent: 2 credits a message without web search (the page adds 5 with it;
 * docs/product-rules.md#costs-and-limits).
 */
const SCREEN: ChatScreen<'agent'> = {
  toolId: 'chat-agent',
  cost: toolCost('chat-agent'),
  endpoints: CHAT_ENDPOINTS.agent,
  texts: {
    ...CHAT_SESSION_TEXTS,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsChatAgentBase,
    empty: UI_TEXTS.chat.agentEmpty,
  },
};
const T = UI_TEXTS.chat;
const WEB_SEARCH_EXTRA = toolCost('chat-agent', { webSearch: true }) - toolCost('chat-agent');

/**
 * The model of a stored session (its model id). One the catalogue no longer lists is shown by its id and offered nothing beyond
 * text (the server refuses what it cannot do).
 */
function sessionModel(modelId: string | null | undefined): ChatModel | null {
  if (!modelId) return null;
  return (
    getChatModel(modelId) ?? {
      id: modelId as ChatModel['id'],
      name: modelId,
      provider: '',
      color: 'var(--act-color-border-strong)',
      vision: false,
      pdfs: false,
      webSearch: false,
    }
  );
}

/** A message to the chosen model: only the attachments it can read go with it. */
function agentMessage(
  prompt: string,
  model: ChatModel,
  { image: picked, pdf: pickedPdf }: Pick<AttachmentsState, 'image' | 'pdf'>,
  enableWebSearch: boolean,
): OutgoingMessage<'agent'> {
  const image = model.vision ? picked : null;
  const pdf = model.pdfs ? pickedPdf : null;
  return {
    prompt,
    attachments: sentAttachments(image, pdf),
    extra: {
      modelId: model.id,
      image: image?.dataUrl ?? null,
      pdf: pdf?.dataUrl ?? null,
      imageName: image?.name ?? null,
      pdfName: pdf?.name ?? null,
      enableWebSearch,
    },
  };
}

export function AgentPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  // Voice above the chat frame: conversation mode sends and reads answers from here.
  return (
    <ChatVoiceProvider host={host}>
      <Agent host={host} />
    </ChatVoiceProvider>
  );
}

function Agent({ host }: ToolPageProps) {
  const [model, setModel] = useState<ChatModel | null>(null);
  const [webSearch, setWebSearch] = useState(false);
  const searching = webSearch && !!model?.webSearch;
  const cost = toolCost('chat-agent', { webSearch: searching });
  const page = useChatPage(host, SCREEN, {
    columns: null,
    cost,
    insufficientCredits: searching ? insufficientCreditsChatAgent(cost) : SCREEN.texts.insufficientCredits,
  });
  const { conversation, regenerable } = page;
  const attachments = useAttachments();
  // `?from=`: a report or summary, put in the message box as context once a model is chosen.
  const fromContext = useFromContext(host);
  // The last message as sent, attachments and web search included, for Regenerate.
  const lastSent = useRef<OutgoingMessage<'agent'> | null>(null);

  const send = (message: OutgoingMessage) => {
    lastSent.current = message;
    return conversation.send(message);
  };

  const sendPrompt = (prompt: string) => {
    if (!model) return Promise.resolve(false);
    const message = agentMessage(prompt, model, attachments, searching);
    attachments.clear();
    return send(message);
  };
  const onSend = () => page.submit(sendPrompt);
  const conversationMode = useConversationMode(useChatVoice(), {
    // Refused as Send would be (no provider, short balance): the notices say why.
    send: (text) => (page.blocked || conversation.streaming ? Promise.resolve(false) : sendPrompt(text)),
    streaming: conversation.streaming,
    lastReply: conversation.turns.at(-1)?.replies[SINGLE],
    stopReply: conversation.stop,
  });

  // The last message again, with what it was sent with when it was sent from this page (else as the page is set now).
  // A stored message's answer is written again as a new version of it (its files are read back by the service).
  const regenerate =
    regenerable && model
      ? () =>
          void page.regenerate(regenerable, {
            resend:
              lastSent.current?.prompt === regenerable.prompt
                ? lastSent.current
                : {
                    prompt: regenerable.prompt,
                    extra: { modelId: model.id, enableWebSearch: searching },
                  },
          })
      : undefined;

  const clearDraft = () => {
    // Another session, model or a new chat: the hands-free loop does not follow.
    conversationMode.stop();
    attachments.clear();
    page.setText('');
    lastSent.current = null;
    setWebSearch(false);
  };

  // Back to the grid: no session, no model, nothing in the box (New Chat, Change model, deleting the open session).
  const backToGrid = () => {
    conversation.reset();
    clearDraft();
    setModel(null);
  };

  const choose = (chosen: ChatModel) => {
    conversation.reset();
    clearDraft();
    setModel(chosen);
    const context = fromContext.take();
    if (context) page.setText(context);
  };

  // A session opened by its address (a reload, another tab) has no list entry to restore its model from: its answers'.
  const answeredBy = conversation.turns.findLast((turn) => turn.model)?.model;
  useEffect(() => {
    if (!model && conversation.sessionId && answeredBy) {
      setModel(sessionModel(answeredBy));
    }
  }, [model, conversation.sessionId, answeredBy]);

  const choosing = model === null && conversation.sessionId === null;

  return (
    <ChatFrame
      host={host}
      page={page}
      onSend={onSend}
      onOpened={(session) => {
        clearDraft();
        setModel(sessionModel(session.model_id));
      }}
      onNew={backToGrid}
      onActiveDeleted={backToGrid}
      exportLabel={(_, turn) => sessionModel(turn.model)?.name ?? model?.name ?? getTool('chat-agent').name}
      showComposer={!choosing}
      composerAttachments={<AttachmentChips attachments={attachments} />}
      composerTools={
        model && (
          <>
            <AttachmentButtons
              attachments={attachments}
              disabled={conversation.streaming}
              imageRefusal={model.vision ? undefined : T.noVisionModel}
              pdfRefusal={model.pdfs ? undefined : T.noPdfModel}
            />
            <WebSearchToggle
              checked={searching}
              onChange={setWebSearch}
              extra={WEB_SEARCH_EXTRA}
              refusal={model.webSearch ? undefined : T.noWebSearchModel}
              onRefuse={attachments.refuse}
              disabled={conversation.streaming}
            />
            <ConversationModeButton
              mode={conversationMode}
              messageCost={cost}
              disabled={conversation.streaming || page.blocked}
            />
          </>
        )
      }
      banner={!choosing && <ConversationModeStatus mode={conversationMode} />}
    >
      {choosing ? (
        <div className="ch-thread">
          <FromItemNotice state={fromContext.state} />
          <ModelGrid onChoose={choose} />
        </div>
      ) : (
        <>
          {model && <ModelHeader model={model} onChange={backToGrid} />}
          <SingleTurnThread
            page={page}
            label={model?.name ?? ERROR_TEXTS.chat.sendMessage}
            onRegenerate={regenerate}
            editOf={(turn) =>
              model ? page.editOf(turn, { modelId: model.id, enableWebSearch: searching }) : undefined
            }
            empty={SCREEN.texts.empty}
          />
        </>
      )}
    </ChatFrame>
  );
}
