// AI Chat Playground (docs/product-rules.md#screens): the session list on the left, four model columns that answer
// every message side by side as their replies stream in, each column with its own history; 5 credits a message for
// all four together. Under the last turn, one model can fuse the four answers into a fifth card (2 credits), and each
// column's last answer can be continued as a chat agent session with its model (docs/product-rules.md#fuse). On a
// phone the four columns do not fit side by side: a tab list shows one at a time (arrow keys, a tap or a sideways
// swipe switch; docs/architecture.md#keyboard-and-focus).
import { useState } from 'react';
import {
  CHAT_ENDPOINTS,
  ERROR_TEXTS,
  PLAYGROUND_MODEL_INFO,
  PLAYGROUND_MODELS,
  UI_TEXTS,
  toolCost,
  type PlaygroundModelId,
} from '@act/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger, type ToolPageProps } from '@act/host-sdk';
import { EditableQuestion } from '../components/branch-controls';
import { ChatFrame, LoadedConversation } from '../components/chat-frame';
import { ContinueButton } from '../components/continue-button';
import { FusePanel } from '../components/fuse-panel';
import { MembersOnly } from '../components/members-only';
import { ReplyView } from '../components/reply-view';
import { CHAT_SESSION_TEXTS, type ChatPage, type ChatScreen } from '../hooks/chat-screen';
import { useChatPage } from '../hooks/use-chat-page';
import { useMediaQuery } from '../hooks/use-media-query';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { useSwipe } from '../hooks/use-swipe';
import { chargeNote, conversationHistories, isStreaming, turnCost, type Turn } from '../reply-state';
import './playground-page.css';
import '../components/single-turn.css';
import '../components/model-grid.css';

const SCREEN: ChatScreen<'playground'> = {
  toolId: 'ai-chat-playground',
  cost: toolCost('ai-chat-playground'),
  endpoints: CHAT_ENDPOINTS.playground,
  texts: {
    ...CHAT_SESSION_TEXTS,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsPlayground,
    empty: UI_TEXTS.chat.playgroundEmpty,
  },
};
const T = UI_TEXTS.chat;
/** Where the columns become tabs (playground-page.css stacks them from here down otherwise). */
export const PLAYGROUND_TABS_QUERY = '(max-width: 640px)';

interface ModelColumnProps {
  model: PlaygroundModelId;
  page: ChatPage<'playground'>;
  /** The column whose questions carry Edit and their versions (the first; one set of controls per question). */
  questions: boolean;
  host: ToolPageProps['host'];
}

function ModelColumn({ model, page, questions, host }: ModelColumnProps) {
  const turns = page.conversation.turns;
  const sessionId = page.conversation.sessionId;
  const info = PLAYGROUND_MODEL_INFO[model];
  const last = turns.at(-1);
  // Regenerate writes this model's answer again, alone (one message's price).
  const regenerate =
    page.regenerable && page.regenerable === last
      ? () => void page.regenerate(page.regenerable!, { column: model })
      : undefined;
  const scroller = useStickToBottom<HTMLDivElement>(turns);
  return (
    <section className="ch-column" aria-label={info.name} data-testid="playground-column" data-model={model}>
      <header className="ch-column__header">
        <span className="ch-column__dot" style={{ background: info.color }} aria-hidden />
        <span className="ch-column__names">
          <span className="ch-column__name">{info.name}</span>
          <span className="ch-column__provider">{info.provider}</span>
        </span>
      </header>
      <div className="ch-column__scroll" ref={scroller}>
        {turns.map((turn, index) => {
          const reply = turn.replies[model];
          const cost = turnCost(turn);
          const continuable =
            sessionId !== null &&
            index === turns.length - 1 &&
            !isStreaming(turn) &&
            (reply?.status === 'done' || reply?.status === 'stopped') &&
            reply.text.trim() !== '';
          return (
            <div key={turn.key} className="ch-turn">
              <EditableQuestion
                prompt={turn.prompt}
                versions={questions ? turn.versions : undefined}
                onShowVersion={page.showVersion}
                onEdit={questions ? page.editOf(turn) : undefined}
                cost={page.cost}
              >
                <p className="ch-user" aria-label={T.you}>
                  {turn.prompt}
                </p>
              </EditableQuestion>
              {reply && (
                <ReplyView
                  reply={reply}
                  label={info.name}
                  onRegenerate={turn === last ? regenerate : undefined}
                  regenerateCost={page.cost}
                  onShowVersion={page.showVersion}
                  answer={turn.replyId ? { message: turn.replyId, column: model } : undefined}
                  chargeNote={chargeNote(turn, model)}
                  cost={cost === undefined ? undefined : T.playgroundTurnCost(cost)}
                />
              )}
              {continuable && <ContinueButton host={host} sessionId={sessionId} model={model} />}
            </div>
          );
        })}
      </div>
    </section>
  );
}

export function PlaygroundPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  return <Playground host={host} />;
}

function Playground({ host }: ToolPageProps) {
  const page = useChatPage(host, SCREEN, { columns: PLAYGROUND_MODELS });
  const { conversation } = page;
  const lastTurn = conversation.turns.at(-1);
  const narrow = useMediaQuery(PLAYGROUND_TABS_QUERY);
  const [shownModel, setShownModel] = useState<PlaygroundModelId>(PLAYGROUND_MODELS[0]);
  // A swipe moves one tab, wrapping at the ends as the arrow keys do.
  const swipe = useSwipe((step) => {
    const at = PLAYGROUND_MODELS.indexOf(shownModel);
    setShownModel(PLAYGROUND_MODELS[(at + step + PLAYGROUND_MODELS.length) % PLAYGROUND_MODELS.length]!);
  });

  // Each model is sent its own column's history, as it saw the conversation before this prompt.
  const sendPrompt = (prompt: string, earlier: Turn[]) =>
    conversation.send({
      prompt,
      extra: { conversationHistories: conversationHistories(earlier, PLAYGROUND_MODELS) },
    });

  return (
    <ChatFrame
      host={host}
      page={page}
      mainClassName="ch-main--playground"
      exportColumns={PLAYGROUND_MODELS}
      exportLabel={(model) => PLAYGROUND_MODEL_INFO[model as PlaygroundModelId]?.name ?? model}
      onSend={() => page.submit((prompt) => sendPrompt(prompt, conversation.turns))}
    >
      <LoadedConversation conversation={conversation}>
        {conversation.turns.length === 0 && <p className="ch-main__empty">{SCREEN.texts.empty}</p>}
        {narrow ? (
          <Tabs
            className="ch-column-tabs"
            value={shownModel}
            onValueChange={(value) => setShownModel(value as PlaygroundModelId)}
          >
            <TabsList aria-label={T.playgroundColumnTabs}>
              {PLAYGROUND_MODELS.map((model) => (
                <TabsTrigger key={model} value={model}>
                  {PLAYGROUND_MODEL_INFO[model].name}
                </TabsTrigger>
              ))}
            </TabsList>
            {PLAYGROUND_MODELS.map((model) => (
              <TabsContent key={model} value={model} className="ch-column-tabs__panel" {...swipe}>
                <ModelColumn model={model} page={page} questions host={host} />
              </TabsContent>
            ))}
          </Tabs>
        ) : (
          <div className="ch-columns">
            {PLAYGROUND_MODELS.map((model) => (
              <ModelColumn
                key={model}
                model={model}
                page={page}
                questions={model === PLAYGROUND_MODELS[0]}
                host={host}
              />
            ))}
          </div>
        )}
        {conversation.sessionId && lastTurn && !isStreaming(lastTurn) && (
          <FusePanel
            key={lastTurn.replyId ?? lastTurn.key}
            host={host}
            sessionId={conversation.sessionId}
            turn={lastTurn}
            disabled={conversation.streaming || page.availability === 'unavailable'}
          />
        )}
      </LoadedConversation>
    </ChatFrame>
  );
}
