// "Send to" under a chat answer (docs/product-rules.md#send-to): the answer's session is its library item (the
// session's id is the item's id), and the answer is named beside it by its reply id and, on the playground, its
// column, so Text to Speech opens with `?from=<session id>&message=<reply id>[&column=<model>]` and receives that one
// answer (cut to its limit with a note), not the session's others. The chat frame provides the open session; without
// one (a guest, a new chat not yet stored) no menu shows.
import { createContext, useContext, type ReactNode } from 'react';
import type { SendToAnswer, ToolId } from '@act/contracts';
import { SendToMenu } from '@act/host-sdk';

export interface ReplySendToTarget {
  sessionId: string;
  /** The chat screen the answer was made on. */
  toolId: ToolId;
  navigate(path: string): void;
}

const ReplySendToContext = createContext<ReplySendToTarget | null>(null);

export function ReplySendToProvider({
  target,
  children,
}: {
  target: ReplySendToTarget | null;
  children: ReactNode;
}) {
  return <ReplySendToContext.Provider value={target}>{children}</ReplySendToContext.Provider>;
}

/**
 * The answer's Send to menu, once the session is stored; nothing outside a provider. Without `answer` (a reply
 * stored before replies had ids) it sends the whole session.
 */
export function ReplySendTo({ label, answer }: { label: string; answer?: SendToAnswer }) {
  const target = useContext(ReplySendToContext);
  if (!target) return null;
  return (
    <SendToMenu
      itemId={target.sessionId}
      kind="chat"
      answer={answer}
      fromTool={target.toolId}
      title={label}
      navigate={target.navigate}
    />
  );
}
