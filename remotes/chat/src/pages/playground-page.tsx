// AI Chat Playground (spec §2): the session list on the left, four model columns that answer every message side by
// side as their replies stream in, each column with its own history; 5 credits a message for all four together.
import { useCallback, useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { PLAYGROUND_MODELS, PLAYGROUND_MODEL_INFO, UI_TEXTS, type PlaygroundModelId } from '@act/contracts';
import { Alert, Button, Spinner, type ToolPageProps } from '@act/host-sdk';
import { PLAYGROUND_SCREEN } from '../chat-screens';
import { ChatNotices, lacksCredits } from '../components/chat-notices';
import { Composer } from '../components/composer';
import { MembersOnly } from '../components/members-only';
import { ReplyView } from '../components/reply-view';
import { SessionSidebar } from '../components/session-sidebar';
import { useChatStatus } from '../hooks/use-chat-status';
import { useConversation } from '../hooks/use-conversation';
import { useSessionList } from '../hooks/use-session-list';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { conversationHistories, type Turn } from '../reply-state';

const SCREEN = PLAYGROUND_SCREEN;
const T = UI_TEXTS.chat;

function ModelColumn({ model, turns }: { model: PlaygroundModelId; turns: Turn[] }) {
  const info = PLAYGROUND_MODEL_INFO[model];
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
        {turns.map((turn) => {
          const reply = turn.replies[model];
          return (
            <div key={turn.key} className="ch-turn">
              <p className="ch-user" aria-label={T.you}>
                {turn.prompt}
              </p>
              {reply && <ReplyView reply={reply} label={info.name} />}
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
  const availability = useChatStatus(host.api);
  const sessions = useSessionList(host.api, SCREEN);
  const { reload: reloadSessions, touch: touchSession } = sessions;
  const conversation = useConversation(host, SCREEN, {
    columns: PLAYGROUND_MODELS,
    onSessionCreated: useCallback(() => reloadSessions(), [reloadSessions]),
    onSessionActive: touchSession,
  });
  const [text, setText] = useState('');
  const blocked = availability === 'unavailable' || lacksCredits(host, SCREEN);

  const sendPrompt = (prompt: string, earlier: Turn[]) =>
    conversation.send({
      prompt,
      extra: { conversationHistories: conversationHistories(earlier, PLAYGROUND_MODELS) },
    });

  const onSend = () => {
    const prompt = text.trim();
    if (!prompt || blocked || conversation.streaming) return;
    setText('');
    void sendPrompt(prompt, conversation.turns).then((started) => {
      // A message refused before any reply (credits, network) goes back into the box.
      if (!started) setText((current) => (current === '' ? prompt : current));
    });
  };

  const last = conversation.turns.at(-1);
  // A new charged message with the last prompt, as the models saw the conversation before it.
  const regenerate =
    last && !conversation.streaming && !blocked
      ? () => void sendPrompt(last.prompt, conversation.turns.slice(0, -1))
      : undefined;

  let columns;
  if (conversation.loading) {
    columns = (
      <div className="ch-main__state">
        <Spinner size={24} showLabel />
      </div>
    );
  } else if (conversation.loadError) {
    columns = (
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
  } else {
    columns = (
      <>
        {conversation.turns.length === 0 && <p className="ch-main__empty">{SCREEN.texts.empty}</p>}
        <div className="ch-columns">
          {PLAYGROUND_MODELS.map((model) => (
            <ModelColumn key={model} model={model} turns={conversation.turns} />
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="ch-layout">
      <SessionSidebar
        screen={SCREEN}
        sessions={sessions}
        activeId={conversation.sessionId}
        onSelect={(session) => conversation.open(session.id)}
        onNew={() => {
          conversation.reset();
          setText('');
        }}
        onDeleted={(id) => {
          if (id === conversation.sessionId) conversation.reset();
        }}
      />
      <section className="ch-main act-panel ch-main--playground">
        {columns}
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
          tools={
            regenerate && (
              <Button size="sm" variant="ghost" onClick={regenerate}>
                <RotateCcw size={14} aria-hidden />
                {T.regenerate}
              </Button>
            )
          }
        />
      </section>
    </div>
  );
}
