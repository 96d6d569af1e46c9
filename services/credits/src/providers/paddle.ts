// Paddle Billing adapter: verifies webhook signatures with @paddle/paddle-node-sdk and turns subscription events
// into our own shape, and cancels subscriptions through Paddle's REST API (base URL configurable so tests can point
// it at a local server speaking Paddle's wire format).
import { NodeRuntime, Webhooks, type EventEntity } from '@paddle/paddle-node-sdk';

/** A subscription event reduced to what billing needs. */
export interface SubscriptionEvent {
  eventId: string;
  eventType: string;
  occurredAt: Date;
  subscriptionId: string;
  /** Paddle status: active, trialing, past_due, paused or canceled. */
  status: string;
  /** custom_data.user_id from checkout (spec §7 passthrough), when present. */
  userId: string | null;
  /** Price of the first item: it names the plan and cycle. */
  priceId: string | null;
  /** End of the period already paid for. */
  periodEndsAt: Date | null;
  scheduledChange: { action: string; effectiveAt: Date } | null;
}

export class InvalidWebhookSignatureError extends Error {
  constructor(cause?: unknown) {
    super('Invalid Paddle webhook signature', { cause });
    this.name = 'InvalidWebhookSignatureError';
  }
}

// The SDK picks its HMAC implementation from a runtime provider that only `new Paddle()` installs; without it every
// signature check quietly answers false. We use the webhook helper alone, so install the Node runtime ourselves.
NodeRuntime.initialize();
const webhooks = new Webhooks();

/**
 * Checks the Paddle-Signature header (`ts=<unix seconds>;h1=<hex HMAC-SHA256 of "ts:body">`, at most 5 s old) over
 * the RAW body, then parses the event. Returns null for events billing does not act on; throws
 * InvalidWebhookSignatureError when the signature is missing, malformed, stale or wrong.
 */
export async function verifyPaddleWebhook(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): Promise<SubscriptionEvent | null> {
  if (!signature) throw new InvalidWebhookSignatureError();
  let event: EventEntity;
  try {
    event = await webhooks.unmarshal(rawBody, secret, signature);
  } catch (error) {
    throw new InvalidWebhookSignatureError(error);
  }
  return toSubscriptionEvent(event);
}

function toSubscriptionEvent(event: EventEntity): SubscriptionEvent | null {
  if (!String(event.eventType).startsWith('subscription.')) return null;
  const data = event.data as {
    id?: string;
    status?: string;
    customData?: Record<string, unknown> | null;
    items?: Array<{ price?: { id?: string } | null }>;
    currentBillingPeriod?: { endsAt?: string } | null;
    scheduledChange?: { action?: string; effectiveAt?: string } | null;
  };
  if (!data.id || !data.status) return null;
  const userId = data.customData?.user_id;
  const scheduled = data.scheduledChange;
  return {
    eventId: event.eventId,
    eventType: String(event.eventType),
    occurredAt: new Date(event.occurredAt),
    subscriptionId: data.id,
    status: data.status,
    userId: typeof userId === 'string' ? userId : null,
    priceId: data.items?.[0]?.price?.id ?? null,
    periodEndsAt: data.currentBillingPeriod?.endsAt ? new Date(data.currentBillingPeriod.endsAt) : null,
    scheduledChange:
      scheduled?.action && scheduled.effectiveAt
        ? { action: scheduled.action, effectiveAt: new Date(scheduled.effectiveAt) }
        : null,
  };
}

export interface CanceledSubscription {
  id: string;
  status: string;
  /** When the cancellation takes effect (end of the paid period), as Paddle reports it. */
  effectiveAt: Date | null;
}

export interface PaddleClient {
  /** Cancels at the end of the current billing period (the member keeps what they paid for). */
  cancelSubscription(subscriptionId: string): Promise<CanceledSubscription>;
}

export class PaddleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PaddleApiError';
  }
}

export interface PaddleClientOptions {
  apiUrl: string;
  apiKey: string | undefined;
  timeoutMs?: number;
}

interface PaddleErrorBody {
  error?: { type?: string; code?: string; detail?: string };
}

interface PaddleSubscriptionBody {
  data?: {
    id?: string;
    status?: string;
    scheduled_change?: { action?: string; effective_at?: string } | null;
    current_billing_period?: { ends_at?: string } | null;
  };
}

export function createPaddleClient({
  apiUrl,
  apiKey,
  timeoutMs = 10_000,
}: PaddleClientOptions): PaddleClient {
  const base = apiUrl.replace(/\/+$/, '');
  return {
    async cancelSubscription(subscriptionId) {
      if (!apiKey) throw new PaddleApiError('PADDLE_API_KEY is not set', 0, 'not_configured');
      const response = await fetch(`${base}/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ effective_from: 'next_billing_period' }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => ({}))) as PaddleErrorBody & PaddleSubscriptionBody;
      if (!response.ok) {
        throw new PaddleApiError(
          body.error?.detail ?? `Paddle answered ${response.status}`,
          response.status,
          body.error?.code,
        );
      }
      const data = body.data ?? {};
      const effectiveAt = data.scheduled_change?.effective_at ?? data.current_billing_period?.ends_at;
      return {
        id: data.id ?? subscriptionId,
        status: data.status ?? 'active',
        effectiveAt: effectiveAt ? new Date(effectiveAt) : null,
      };
    },
  };
}
