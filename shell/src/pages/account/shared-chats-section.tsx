// The account's Shared chats (docs/product-rules.md#shared-chats): every read-only link the member made (title,
// created, expires, the link), newest first, each revocable after a confirmation; a revoked link answers Not found.
import { useCallback, useState } from 'react';
import { Alert, Button, ConfirmDialog, Spinner, errorMessage, toast, useCursorList } from '@act/host-sdk';
import { CHAT_SHARE_ENDPOINTS, UI_TEXTS, type ChatShare } from '@act/contracts';
import { useServices } from '../../app/services-context';
import { formatDateTime } from '../../components/format';
import './shared-chats-section.css';
import { ScrollRegion } from '../../components/scroll-region';

const T = UI_TEXTS.share;

function expiryText(share: ChatShare, now: number): string {
  if (share.expiresAt === null) return T.never;
  if (Date.parse(share.expiresAt) <= now) return T.expired;
  return formatDateTime(share.expiresAt);
}

export function SharedChatsSection() {
  const { api } = useServices();
  const [revoked, setRevoked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<ChatShare | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      const reply = await api.call(CHAT_SHARE_ENDPOINTS.list, {
        query: cursor ? { cursor } : {},
        fallbackError: T.loadFailedList,
        signal,
      });
      return { items: reply.shares, nextCursor: reply.nextCursor ?? null };
    },
    [api],
  );
  const list = useCursorList<ChatShare>(fetchPage, { fallbackError: T.loadFailedList });
  const shares = list.items.filter((share) => !revoked.has(share.id));
  const now = Date.now();

  async function revoke() {
    if (!confirming) return;
    setRevoking(true);
    setActionError(null);
    try {
      await api.call(CHAT_SHARE_ENDPOINTS.revoke, {
        params: { id: confirming.id },
        fallbackError: T.revokeFailed,
      });
      setRevoked((ids) => new Set([...ids, confirming.id]));
      toast({ title: T.revoked, variant: 'success' });
    } catch (error) {
      setActionError(errorMessage(error, T.revokeFailed));
    } finally {
      setRevoking(false);
      setConfirming(null);
    }
  }

  return (
    <section className="sh-shares act-panel" aria-labelledby="shared-chats-title">
      <h2 id="shared-chats-title" className="sh-shares__title">
        {T.listTitle}
      </h2>
      {actionError && <Alert variant="error">{actionError}</Alert>}
      {list.loading ? (
        <div className="sh-centered">
          <Spinner size={20} showLabel />
        </div>
      ) : list.error && shares.length === 0 ? (
        <Alert variant="error">{list.error}</Alert>
      ) : shares.length === 0 ? (
        <p className="sh-shares__empty">{T.listEmpty}</p>
      ) : (
        <ScrollRegion className="sh-shares__scroll" label={T.listTitle}>
          <table className="sh-shares__table">
            <thead>
              <tr>
                <th scope="col">{T.columns.title}</th>
                <th scope="col">{T.columns.created}</th>
                <th scope="col">{T.columns.expires}</th>
                <th scope="col">{T.columns.link}</th>
                <th scope="col">
                  <span className="act-sr-only">{T.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shares.map((share) => (
                <tr key={share.id} data-testid="shared-chat-row">
                  <td className="sh-shares__name">{share.title}</td>
                  <td>{formatDateTime(share.createdAt)}</td>
                  <td>{expiryText(share, now)}</td>
                  <td>
                    <a href={share.url} target="_blank" rel="noreferrer">
                      {T.open}
                      <span className="act-sr-only">: {share.title}</span>
                    </a>
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={T.revokeLabel(share.title)}
                      onClick={() => setConfirming(share)}
                    >
                      {T.revoke}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {list.error && shares.length > 0 && <Alert variant="error">{list.error}</Alert>}
      {list.hasMore && (
        <div className="sh-shares__more">
          <Button variant="outline" size="sm" busy={list.loadingMore} onClick={() => void list.loadMore()}>
            {T.loadMore}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !revoking) setConfirming(null);
        }}
        title={T.revokeTitle}
        description={T.revokeDescription}
        confirmLabel={T.revoke}
        destructive
        busy={revoking}
        onConfirm={revoke}
      />
    </section>
  );
}
