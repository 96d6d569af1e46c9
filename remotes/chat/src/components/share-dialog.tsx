// The Share dialog of a chat session (docs/product-rules.md#shared-chats): choose how long the link lives (Never,
// 1 day, 7 days, 30 days), Create link snapshots the session as it is now, then the link is shown with Copy link.
import { useEffect, useState } from 'react';
import { CHAT_SHARE_ENDPOINTS, UI_TEXTS, type ChatShare, type ChatShareExpiryDays } from '@act/contracts';
import {
  Alert,
  Button,
  Dialog,
  RadioGroup,
  TextField,
  errorMessage,
  useCopy,
  type ApiClient,
} from '@act/host-sdk';
import './share-dialog.css';

const T = UI_TEXTS.share;

type ExpiryChoice = 'never' | `${ChatShareExpiryDays}`;

const EXPIRY_OPTIONS: ReadonlyArray<{ value: ExpiryChoice; label: string }> = [
  { value: 'never', label: T.expiryOptions.never },
  { value: '1', label: T.expiryOptions[1] },
  { value: '7', label: T.expiryOptions[7] },
  { value: '30', label: T.expiryOptions[30] },
];

/** The link as the member copies it: the shared page on this site. */
export function shareLink(share: Pick<ChatShare, 'url'>): string {
  return `${window.location.origin}${share.url}`;
}

export interface ShareDialogProps {
  api: ApiClient;
  /** The session to share; null keeps the dialog closed. */
  session: { id: string; title: string } | null;
  onClose(): void;
}

export function ShareDialog({ api, session, onClose }: ShareDialogProps) {
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [share, setShare] = useState<ChatShare | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clipboard = useCopy();
  const sessionId = session?.id;

  // Each opening starts afresh: a new link is made only when asked for.
  useEffect(() => {
    setExpiry('never');
    setShare(null);
    setError(null);
  }, [sessionId]);

  async function create() {
    if (!session) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await api.call(CHAT_SHARE_ENDPOINTS.create, {
        params: { id: session.id },
        body: { expiresInDays: expiry === 'never' ? null : (Number(expiry) as ChatShareExpiryDays) },
        fallbackError: T.createFailed,
      });
      setShare(reply.share);
    } catch (err) {
      setError(errorMessage(err, T.createFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={session !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={T.dialogTitle}
      description={T.dialogDescription}
    >
      <div className="ch-share">
        {error && <Alert variant="error">{error}</Alert>}
        {share ? (
          <>
            <TextField
              label={T.linkLabel}
              value={shareLink(share)}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="share-link"
            />
            {clipboard.error && <Alert variant="error">{clipboard.error}</Alert>}
            <div className="act-dialog__actions">
              <Button onClick={() => void clipboard.copy(shareLink(share))}>
                {clipboard.copied ? T.copied : T.copy}
              </Button>
            </div>
          </>
        ) : (
          <>
            <RadioGroup<ExpiryChoice>
              label={T.expiry}
              value={expiry}
              onValueChange={setExpiry}
              options={EXPIRY_OPTIONS}
              disabled={busy}
            />
            <div className="act-dialog__actions">
              <Button busy={busy} onClick={() => void create()}>
                {T.create}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
