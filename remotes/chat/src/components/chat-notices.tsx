// The reasons a chat screen cannot send, shown above the message box before the member types: no provider key on
// the server, or fewer credits than the next message costs (docs/product-rules.md#validation texts); a send that
// failed before the reply began; and a reply whose stream broke off, which the page now follows by reading its
// session (the server still finishes it).
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { Alert, PlansLink, RunError, type Availability, type ToolHost } from '@act/host-sdk';

/** Shown while a reply whose stream broke off is followed by reading it. */
export const FOLLOWING_REPLY_TEXT = UI_TEXTS.chat.followingReply;

export interface ChatNoticesProps {
  host: ToolHost;
  availability: Availability;
  /** False when the screen answers without a provider key: no notice about a missing one. */
  needsProvider?: boolean;
  /** Credits of the next message and the spec's text for a balance below it. */
  cost: number;
  insufficientCredits: string;
  sendError: string | null;
  needsSignup: boolean;
  /** The reply's stream broke off after it started; the page follows it by reading the session. */
  following?: boolean;
}

/** True when the member cannot pay for one more message. */
export function lacksCredits(host: Pick<ToolHost, 'credits'>, cost: number): boolean {
  return host.credits < cost;
}

export function ChatNotices({
  host,
  availability,
  needsProvider = true,
  cost,
  insufficientCredits,
  sendError,
  needsSignup,
  following = false,
}: ChatNoticesProps) {
  const keyMissing = needsProvider && availability === 'unavailable';
  return (
    <>
      {following && (
        <Alert variant="info" className="ch-notice">
          {FOLLOWING_REPLY_TEXT}
        </Alert>
      )}
      {keyMissing && (
        <Alert variant="info" className="ch-notice">
          {ERROR_TEXTS.chat.providerKeyMissing}
        </Alert>
      )}
      {!keyMissing && lacksCredits(host, cost) && (
        <Alert variant="error" className="ch-notice" action={<PlansLink host={host} />}>
          {insufficientCredits}
        </Alert>
      )}
      <RunError error={sendError} needsSignup={needsSignup} host={host} />
    </>
  );
}
