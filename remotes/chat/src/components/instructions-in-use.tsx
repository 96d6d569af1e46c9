// "Instructions in use" (issue 38): what the model is told before the history in this chat (the project's
// instructions, then the member's), read from the server and shown as plain text, never as HTML.
import { useEffect, useState } from 'react';
import { CHAT_INSTRUCTIONS_ENDPOINTS, UI_TEXTS, type ChatInstructionsInUseReply } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';
import './project-bar.css';

const T = UI_TEXTS.chatWorkspace;

export interface InstructionsInUseProps {
  api: ApiClient;
  /** The open chat, or null for a new one (then the project it would start in). */
  sessionId: string | null;
  projectId: string | null;
  /** Read again when this changes (a reply ended, the instructions were edited). */
  version?: unknown;
}

export function InstructionsInUse({ api, sessionId, projectId, version }: InstructionsInUseProps) {
  const [inUse, setInUse] = useState<ChatInstructionsInUseReply['inUse']>([]);
  useEffect(() => {
    const controller = new AbortController();
    const query = sessionId ? { sessionId } : projectId ? { projectId } : {};
    api
      .call(CHAT_INSTRUCTIONS_ENDPOINTS.inUse, { query, signal: controller.signal })
      .then((reply) => setInUse(reply.inUse))
      // The note is a help, not the chat: without it the chat still works.
      .catch(() => setInUse([]));
    return () => controller.abort();
  }, [api, sessionId, projectId, version]);

  if (inUse.length === 0) return null;
  return (
    <details className="ch-instructions-note" data-testid="instructions-in-use">
      <summary>{T.instructionsInUse}</summary>
      {inUse.map((entry) => (
        <p key={entry.source} className="ch-instructions-note__text">
          <strong>{entry.source === 'project' ? T.fromProject : T.fromMember}: </strong>
          {entry.text}
        </p>
      ))}
    </details>
  );
}
