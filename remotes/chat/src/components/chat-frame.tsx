// The frame the chat screens share: the session list on the left, and a main panel holding the page's own view of
// the conversation above the notices and the message box. Picking, starting and deleting sessions and sending are
// wired here once; a page passes what differs (its panel class, its composer extras, what else it clears).
import type { ReactNode } from 'react';
import { UI_TEXTS, getTool, type ChatSession } from '@act/contracts';
import { Alert, Button, Spinner, type ToolHost } from '@act/host-sdk';
import type { ChatPage } from '../hooks/chat-screen';
import type { Conversation } from '../hooks/chat-screen';
import { exportedChat } from '../chat-export';
import type { Turn } from '../reply-state';
import { ChatNotices } from './chat-notices';
import { Composer } from './composer';
import { PromptLibraryProvider } from './prompt-library';
import { ChatVoiceProvider } from '../voice/voice-context';
import { ExportMenu } from './export-menu';
import { InstructionsInUse } from './instructions-in-use';
import { SessionSidebar } from './session-sidebar';
import { ReplySendToProvider } from './reply-send-to';
import './chat-frame.css';

export interface ChatFrameProps {
  host: ToolHost;
  page: ChatPage;
  /** Extra class for the main panel (the playground's wide columns). */
  mainClassName?: string;
  /** Sends the box's text (the page builds the message; see ChatPage.submit). */
  onSend(): void;
  /** Called after a stored session was opened. */
  onOpened?(session: ChatSession): void;
  /** Called after New emptied the conversation and the box: what else the page clears. */
  onNew?(): void;
  /** Called after the open session was deleted and the conversation emptied. */
  onActiveDeleted?(): void;
  /** Attachment chips above the message box. */
  composerAttachments?: ReactNode;
  /** Extra buttons in the message box's action row. */
  composerTools?: ReactNode;
  /** False while the page shows a step before the conversation (the agent's model grid, the web chat's URL). */
  showComposer?: boolean;
  /** Shown between the page's view and the notices (e.g. the web chat's local-answer note). */
  banner?: ReactNode;
  /** The page's view of the conversation. */
  children: ReactNode;
  /**
   * The name over a reply in an export (column: the playground's model id, else the single reply's); the tool's name
   * when left out.
   */
  exportLabel?(column: string, turn: Turn): string;
  /** The playground's model ids, each turn's answers exported in this order under their names. */
  exportColumns?: readonly string[];
  /** What a member's message reads as in an export; its prompt when left out. */
  exportPrompt?(turn: Turn, index: number): string;
}

export function ChatFrame({
  host,
  page,
  mainClassName,
  onSend,
  onOpened,
  onNew,
  onActiveDeleted,
  composerAttachments,
  composerTools,
  showComposer = true,
  banner,
  children,
  exportLabel,
  exportColumns,
  exportPrompt,
}: ChatFrameProps) {
  const { screen, conversation } = page;
  const tool = getTool(screen.toolId).name;
  // An open session's conversation, once read, can be saved as a file (docs/product-rules.md#chat-export).
  const exportable =
    conversation.sessionId !== null &&
    conversation.turns.length > 0 &&
    !conversation.loading &&
    !conversation.loadError;
  const exportChat = () =>
    exportedChat({
      title: page.sessions.items.find((session) => session.id === conversation.sessionId)?.title,
      tool,
      turns: conversation.turns,
      columns: exportColumns ?? null,
      labelOf: exportLabel ?? (() => tool),
      promptOf: exportPrompt,
    });
  return (
    <ChatVoiceProvider host={host}>
      <PromptLibraryProvider api={host.user ? host.api : undefined}>
        <div className="ch-layout">
          <SessionSidebar
            screen={screen}
            sessions={page.sessions}
            api={host.api}
            activeId={conversation.sessionId}
            onSelect={(session) => {
              conversation.open(session.id);
              onOpened?.(session);
            }}
            onNew={() => {
              conversation.reset();
              page.setText('');
              onNew?.();
            }}
            onDeleted={(id) => {
              if (id !== conversation.sessionId) return;
              conversation.reset();
              onActiveDeleted?.();
            }}
          />
          <section className={mainClassName ? `ch-main act-panel ${mainClassName}` : 'ch-main act-panel'}>
            {exportable && <ExportMenu chat={exportChat} disabled={conversation.streaming} />}
            <ReplySendToProvider
              target={
                host.user && conversation.sessionId
                  ? { sessionId: conversation.sessionId, toolId: screen.toolId, navigate: host.navigate }
                  : null
              }
            >
              {children}
            </ReplySendToProvider>
            {banner}
            <InstructionsInUse
              api={host.api}
              sessionId={conversation.sessionId}
              projectId={page.sessions.projectId}
              version={conversation.streaming}
            />
            <ChatNotices
              host={host}
              availability={page.availability}
              needsProvider={page.needsProvider}
              cost={page.cost}
              insufficientCredits={page.insufficientCredits}
              sendError={conversation.sendError}
              needsSignup={conversation.needsSignup}
              following={conversation.following}
            />
            {showComposer && (
              <Composer
                value={page.text}
                onChange={page.setText}
                onSend={onSend}
                onStop={conversation.stop}
                streaming={conversation.streaming}
                stopping={conversation.stopping}
                blocked={page.blocked}
                cost={page.cost}
                attachments={composerAttachments}
                tools={composerTools}
                api={host.user ? host.api : undefined}
              />
            )}
          </section>
        </div>
      </PromptLibraryProvider>
    </ChatVoiceProvider>
  );
}

/**
 * The open session while its messages load (a spinner) or after loading them failed (the spec text, with Try again
 * when there is a session to read again); otherwise the page's own view of it.
 */
export function LoadedConversation({
  conversation,
  children,
}: {
  conversation: Conversation;
  children: ReactNode;
}) {
  if (conversation.loading) {
    return (
      <div className="ch-main__state">
        <Spinner size={24} showLabel />
      </div>
    );
  }
  if (conversation.loadError) {
    return (
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
  }
  return children;
}
