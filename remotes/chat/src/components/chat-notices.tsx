// The reasons a chat screen cannot send, shown above the message box before the member types: no provider key on
// the server, or fewer credits than a message costs (spec §5 texts); a send that failed before the reply began; and
// a reply whose stream broke off, which the page now follows by reading its session (the server still finishes it).
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { Alert, RunError, type ToolHost } from '@act/host-sdk';
import type { ChatScreen } from '../chat-screens';
import type { ChatAvailability } from '../hooks/use-chat-status';

/** Shown while a reply whose stream broke off is followed by reading it. */
export const FOLLOWING_REPLY_TEXT = UI_TEXTS.chat.followingReply;

export interface ChatNoticesProps {
  host: ToolHost;
  screen: ChatScreen;
  availability: ChatAvailability;
  sendError: string | null;
  needsSignup: boolean;
  /** The reply's stream broke off after it started; the page follows it by reading the session. */
  following?: boolean;
}

/** True when the member cannot pay for one more message. */
export function lacksCredits(host: Pick<ToolHost, 'credits'>, screen: ChatScreen): boolean {
  return host.credits < screen.cost;
}

export function ChatNotices({
  host,
  screen,
  availability,
  sendError,
  needsSignup,
  following = false,
}: ChatNoticesProps) {
  return (
    <>
      {following && (
        <Alert variant="info" className="ch-notice">
          {FOLLOWING_REPLY_TEXT}
        </Alert>
      )}
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
