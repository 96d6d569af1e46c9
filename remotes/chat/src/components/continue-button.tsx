// "Continue with this model" (issue 25, docs/product-rules.md#fuse): under a playground column's answer, turns the
// comparison into a chat agent session with that model (its history: the member's messages and that model's
// answers, made on the server) and opens it on the chat agent's screen. Free.
import { useState } from 'react';
import { MessageSquareShare } from 'lucide-react';
import { CHAT_ENDPOINTS, PLAYGROUND_MODEL_INFO, UI_TEXTS, type PlaygroundModelId } from '@act/contracts';
import { Button, errorMessage, type ToolHost } from '@act/host-sdk';

const T = UI_TEXTS.chat;

export function ContinueButton({
  host,
  sessionId,
  model,
}: {
  host: ToolHost;
  sessionId: string;
  model: PlaygroundModelId;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function continueWith() {
    setBusy(true);
    setError(null);
    try {
      const reply = await host.api.call(CHAT_ENDPOINTS.playground.continueWith, {
        params: { id: sessionId },
        body: { model },
        fallbackError: T.continueFailed,
      });
      host.navigate(`/tools/${reply.tool}?session=${encodeURIComponent(reply.sessionId)}`);
    } catch (caught) {
      setError(errorMessage(caught, T.continueFailed));
      setBusy(false);
    }
  }

  return (
    <div className="ch-continue">
      <Button
        size="sm"
        variant="ghost"
        onClick={() => void continueWith()}
        disabled={busy}
        aria-label={T.continueWithModelLabel(PLAYGROUND_MODEL_INFO[model].name)}
      >
        <MessageSquareShare size={14} aria-hidden />
        {T.continueWithModel}
      </Button>
      {error && (
        <p className="ch-continue__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
