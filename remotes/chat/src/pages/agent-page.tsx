// Chat Agent (docs/product-rules.md#screens, #states): first the model-selection grid (the eight models of
// docs/product-rules.md#entities with their badges), then the chat with that model beside the session list. Choosing
// a model clears the current session; opening a session restores its model; New Chat, Change model and deleting the
// open session return to the grid. An image and a PDF may go with a message where the model can read them, and web
// search where it has it; a message costs 2 credits, 7 with web search, shown next to Send. Replies show the sources
// web search returned as numbered links.
import { useEffect, useRef, useState } from 'react';
import {
  ERROR_TEXTS,
  UI_TEXTS,
  getChatModel,
  getTool,
  insufficientCreditsChatAgent,
  toolCost,
  type ChatModel,
} from '@act/contracts';
import { type ToolPageProps } from '@act/host-sdk';
import { AGENT_SCREEN } from '../chat-screens';
import { AttachmentButtons, AttachmentChips } from '../components/attachment-picker';
import { ChatFrame } from '../components/chat-frame';
import { MembersOnly } from '../components/members-only';
import { ModelGrid, ModelHeader } from '../components/model-grid';
import { SingleTurnThread } from '../components/single-turn-thread';
import { WebSearchToggle } from '../components/web-search-toggle';
import { sentAttachments, useAttachments } from '../hooks/use-attachments';
import { useChatPage } from '../hooks/use-chat-page';
import { type OutgoingMessage } from '../hooks/use-sending';

const SCREEN = AGENT_SCREEN;
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

export function AgentPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  return <Agent host={host} />;
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
  // The last message as sent, attachments and web search included, for Regenerate.
  const lastSent = useRef<OutgoingMessage<'agent'> | null>(null);

  const send = (message: OutgoingMessage) => {
    lastSent.current = message;
    return conversation.send(message);
  };

  const onSend = () =>
    page.submit((prompt) => {
      if (!model) return Promise.resolve(false);
      // Only what this model can read goes with the message.
      const image = model.vision ? attachments.image : null;
      const pdf = model.pdfs ? attachments.pdf : null;
      attachments.clear();
      return send({
        prompt,
        attachments: sentAttachments(image, pdf),
        extra: {
          modelId: model.id,
          image: image?.dataUrl ?? null,
          pdf: pdf?.dataUrl ?? null,
          imageName: image?.name ?? null,
          pdfName: pdf?.name ?? null,
          enableWebSearch: searching,
        },
      });
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
          </>
        )
      }
    >
      {choosing ? (
        <div className="ch-thread">
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
