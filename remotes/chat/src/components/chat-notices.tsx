// The reasons a chat screen cannot send, shown above the message box before the member types: no provider key on
// the server, or fewer credits than a message costs (spec §5 texts); and a send that failed before the reply began.
import { ERROR_TEXTS } from '@act/contracts';
import { Alert, RunError, type ToolHost } from '@act/host-sdk';
import type { ChatScreen } from '../chat-screens';
import type { ChatAvailability } from '../hooks/use-chat-status';

export interface ChatNoticesProps {
  host: ToolHost;
  screen: ChatScreen;
  availability: ChatAvailability;
  sendError: string | null;
  needsSignup: boolean;
}

/** True when the member cannot pay for one more message. */
export function lacksCredits(host: Pick<ToolHost, 'credits'>, screen: ChatScreen): boolean {
  return host.credits < screen.cost;
}

export function ChatNotices({ host, screen, availability, sendError, needsSignup }: ChatNoticesProps) {
  return (
    <>
      {availability === 'unavailable' && (
        <Alert variant="info" className="ch-notice">
          {ERROR_TEXTS.chat.providerKeyMissing}
        </Alert>
      )}
      {availability !== 'unavailable' && lacksCredits(host, screen) && (
        <Alert variant="error" className="ch-notice">
          {screen.texts.insufficientCredits}
        </Alert>
      )}
      <RunError error={sendError} needsSignup={needsSignup} host={host} />
    </>
  );
}
