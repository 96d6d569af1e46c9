// A shared chat (docs/product-rules.md#shared-chats) at /share/<token>: public, signed out included. The snapshot's
// messages read-only through host-sdk's one Markdown renderer, never indexed (`noindex` while on the page); a
// revoked, expired or unknown link shows Not found.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Spinner, errorMessage, isApiError } from '@act/host-sdk';
import { Markdown } from '@act/host-sdk/markdown';
import {
  CHAT_SHARE_ENDPOINTS,
  ErrorCode,
  PLAYGROUND_MODEL_INFO,
  UI_TEXTS,
  getChatModel,
  type SharedChatMessage,
  type SharedChatReply,
} from '@act/contracts';
import { BrandLogo } from '../../components/brand-logo';
import { SiteFooter } from '../../components/site-footer';
import { formatDate } from '../../components/format';
import { useServices } from '../../app/services-context';
import { PageMeta } from '../../seo/page-meta';
import '../landing/site-header.css';
import './shared-chat-page.css';

const T = UI_TEXTS.share;

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; chat: SharedChatReply }
  | { state: 'not-found' }
  | { state: 'error'; message: string };

/** The model's name as the chat screens show it. */
function modelName(model: string | null | undefined): string | null {
  if (!model) return null;
  return (
    PLAYGROUND_MODEL_INFO[model as keyof typeof PLAYGROUND_MODEL_INFO]?.name ??
    getChatModel(model)?.name ??
    model
  );
}

function SharedMessage({ message }: { message: SharedChatMessage }) {
  const author = message.role === 'user' ? T.you : (modelName(message.model) ?? T.assistant);
  return (
    <li className="sh-shared__message" data-role={message.role} data-testid="shared-message">
      <p className="sh-shared__author">{author}</p>
      {message.role === 'user' ? (
        <p className="sh-shared__text">{message.content}</p>
      ) : (
        <Markdown text={message.content} className="sh-shared__md" />
      )}
      {message.attachments?.map((attachment) =>
        attachment.kind === 'image' ? (
          <img
            key={attachment.url}
            className="sh-shared__image"
            src={attachment.url}
            alt={T.attachment(attachment.name ?? attachment.contentType)}
          />
        ) : (
          <a
            key={attachment.url}
            className="sh-shared__file"
            href={attachment.url}
            target="_blank"
            rel="noreferrer"
          >
            {T.attachment(attachment.name ?? attachment.contentType)}
          </a>
        ),
      )}
      {message.citations && message.citations.length > 0 && (
        <div className="sh-shared__sources">
          <p className="sh-shared__sources-title">{T.sources}</p>
          <ol>
            {message.citations.map((citation) => (
              <li key={citation.url}>
                <a href={citation.url} target="_blank" rel="noreferrer nofollow">
                  {citation.title || citation.url}
                </a>
              </li>
            ))}
          </ol>
        </div>
      )}
    </li>
  );
}

export function SharedChatPage() {
  const { token = '' } = useParams();
  const { api } = useServices();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    api
      .call(CHAT_SHARE_ENDPOINTS.shared, {
        params: { token },
        fallbackError: T.loadFailed,
        signal: controller.signal,
      })
      .then(
        (chat) => setLoaded({ state: 'ready', chat }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error) && error.code === ErrorCode.NOT_FOUND) setLoaded({ state: 'not-found' });
          else setLoaded({ state: 'error', message: errorMessage(error, T.loadFailed) });
        },
      );
    return () => controller.abort();
  }, [api, token, attempt]);

  const title =
    loaded.state === 'ready'
      ? loaded.chat.title
      : loaded.state === 'not-found'
        ? T.notFoundTitle
        : T.pageTitle;

  return (
    <>
      <PageMeta
        title={`${title} | ${UI_TEXTS.productName}`}
        description={T.pageDescription}
        path={`/share/${token}`}
        noIndex
      />
      <header className="sh-site-header">
        <div className="sh-container sh-site-header__inner">
          <BrandLogo />
          <span className="sh-shared__badge">{T.sharedBadge}</span>
        </div>
      </header>
      <main id="main" className="sh-shared">
        <article className="sh-container sh-shared__inner">
          {loaded.state === 'loading' && (
            <div className="sh-centered">
              <Spinner size={24} showLabel />
            </div>
          )}
          {loaded.state === 'not-found' && (
            <div className="sh-shared__missing" data-testid="shared-not-found">
              <h1 className="sh-shared__title" tabIndex={-1}>
                {T.notFoundTitle}
              </h1>
              <p>{T.notFoundBody}</p>
            </div>
          )}
          {loaded.state === 'error' && (
            <Alert
              variant="error"
              action={
                <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                  {UI_TEXTS.common.tryAgain}
                </Button>
              }
            >
              {loaded.message}
            </Alert>
          )}
          {loaded.state === 'ready' && (
            <>
              <header className="sh-shared__header">
                <h1 className="sh-shared__title" tabIndex={-1}>
                  {loaded.chat.title}
                </h1>
                <p className="sh-shared__date">{T.sharedOn(formatDate(loaded.chat.createdAt))}</p>
              </header>
              <ol className="sh-shared__messages">
                {loaded.chat.messages.map((message, index) => (
                  <SharedMessage key={index} message={message} />
                ))}
              </ol>
            </>
          )}
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
