// Paddle Billing adapter: verifies webhook signatures with @paddle/paddle-node-sdk and turns subscription,
// transaction and refund adjustment events into our own shape, and reads, re-prices and cancels subscriptions,
// refunds one-time transactions and lists their refunds through Paddle's REST API (base URL configurable so tests
// can point it at a local server speaking Paddle's wire format).
import { NodeRuntime, Webhooks, type EventEntity } from '@paddle/paddle-node-sdk';

/** A subscription event reduced to what billing needs. */
export interface SubscriptionEvent {
  eventId: string;
  eventType: string;
  occurredAt: Date;
  subscriptionId: string;
  /** Paddle status: active, trialing, past_due, paused or canceled. */
  status: string;
  /**
   * custom_data.user_id and .signature from checkout (docs/product-rules.md#endpoints passthrough), when both are
   * present: a claim made by the browser, believed only once billing has checked the signature.
   */
  claimedUser: { userId: string; signature: string } | null;
  /** Price of the first item: it names the plan and cycle. */
  priceId: string | null;
  /** End of the period already paid for. */
  periodEndsAt: Date | null;
  scheduledChange: { action: string; effectiveAt: Date } | null;
}

/** A transaction event (a one-time purchase, or a subscription's bill) reduced to what credit packs need. */
export interface TransactionEvent {
  kind: 'transaction';
  eventId: string;
  eventType: string;
  occurredAt: Date;
  transactionId: string;
  /** draft, ready, billed, paid, completed, canceled or past_due. */
  status: string;
  /** Set when the transaction bills a subscription: never a pack. */
  subscriptionId: string | null;
  /** As SubscriptionEvent.claimedUser. */
  claimedUser: { userId: string; signature: string } | null;
  items: Array<{ priceId: string; quantity: number }>;
  /** Grand total in minor units (cents) and its currency, for the receipt. */
  amountMinor: number;
  currency: string;
  /** When Paddle billed it (falls back to occurredAt). */
  billedAt: Date;
}

/** A refund adjustment's event (adjustment.created or .updated) reduced to what pack refunds need. */
export interface AdjustmentEvent {
  kind: 'adjustment';
  eventId: string;
  eventType: string;
  adjustmentId: string;
  transactionId: string;
  /** pending_approval, approved, rejected or reversed. */
  status: string;
}

export type PaddleWebhookEvent = SubscriptionEvent | TransactionEvent | AdjustmentEvent;

export function isTransactionEvent(event: PaddleWebhookEvent): event is TransactionEvent {
  return 'kind' in event && event.kind === 'transaction';
}

export function isAdjustmentEvent(event: PaddleWebhookEvent): event is AdjustmentEvent {
  return 'kind' in event && event.kind === 'adjustment';
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
): Promise<PaddleWebhookEvent | null> {
  if (!signature) throw new InvalidWebhookSignatureError();
  let event: EventEntity;
  try {
    event = await webhooks.unmarshal(rawBody, secret, signature);
  } catch (error) {
    throw new InvalidWebhookSignatureError(error);
  }
  return toTransactionEvent(event) ?? toAdjustmentEvent(event) ?? toSubscriptionEvent(event);
}

/** Refund adjustments only: credits and chargebacks are not refunds a member asked for. */
function toAdjustmentEvent(event: EventEntity): AdjustmentEvent | null {
  if (!String(event.eventType).startsWith('adjustment.')) return null;
  const data = event.data as { id?: string; action?: string; transactionId?: string; status?: string };
  if (!data.id || !data.transactionId || !data.status || data.action !== 'refund') return null;
  return {
    kind: 'adjustment',
    eventId: event.eventId,
    eventType: String(event.eventType),
    adjustmentId: data.id,
    transactionId: data.transactionId,
    status: data.status,
  };
}

function claimOf(customData: Record<string, unknown> | null | undefined) {
  const userId = customData?.user_id;
  const signature = customData?.signature;
  return typeof userId === 'string' && typeof signature === 'string' ? { userId, signature } : null;
}

function toTransactionEvent(event: EventEntity): TransactionEvent | null {
  if (!String(event.eventType).startsWith('transaction.')) return null;
  const data = event.data as {
    id?: string;
    status?: string;
    subscriptionId?: string | null;
    customData?: Record<string, unknown> | null;
    items?: Array<{ price?: { id?: string } | null; quantity?: number }>;
    details?: { totals?: { grandTotal?: string; total?: string; currencyCode?: string } | null } | null;
    currencyCode?: string;
    billedAt?: string | null;
  };
  if (!data.id || !data.status) return null;
  const totals = data.details?.totals;
  const amount = Number(totals?.grandTotal ?? totals?.total ?? 0);
  return {
    kind: 'transaction',
    eventId: event.eventId,
    eventType: String(event.eventType),
    occurredAt: new Date(event.occurredAt),
    transactionId: data.id,
    status: data.status,
    subscriptionId: data.subscriptionId ?? null,
    claimedUser: claimOf(data.customData),
    items: (data.items ?? []).flatMap((item) =>
      item.price?.id ? [{ priceId: item.price.id, quantity: item.quantity ?? 1 }] : [],
    ),
    amountMinor: Number.isFinite(amount) && amount >= 0 ? Math.round(amount) : 0,
    currency: totals?.currencyCode ?? data.currencyCode ?? 'USD',
    billedAt: new Date(data.billedAt ?? event.occurredAt),
  };
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
  const scheduled = data.scheduledChange;
  return {
    eventId: event.eventId,
    eventType: String(event.eventType),
    occurredAt: new Date(event.occurredAt),
    subscriptionId: data.id,
    status: data.status,
    claimedUser: claimOf(data.customData),
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

/** A subscription as Paddle's API returns it, reduced to what billing needs. */
export interface SubscriptionState {
  id: string;
  status: string;
  /** Price of the first item: it names the plan and cycle. */
  priceId: string | null;
  /** End of the period already paid for. */
  periodEndsAt: Date | null;
  scheduledChange: { action: string; effectiveAt: Date } | null;
}

/**
 * How Paddle bills an item change. We use `prorated_immediately` (an upgrade is charged the prorated difference now)
 * and `do_not_bill` (a downgrade is not charged or credited; the lower price is billed from the next renewal).
 */
export type ProrationBillingMode = 'prorated_immediately' | 'do_not_bill';

export interface PaddleClient {
  /** Cancels at the end of the current billing period (the member keeps what they paid for). */
  cancelSubscription(subscriptionId: string): Promise<CanceledSubscription>;
  getSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /** Replaces the subscription's items with one item of `priceId` (PATCH /subscriptions/{id}). */
  changeSubscriptionPrice(
    subscriptionId: string,
    change: { priceId: string; prorationBillingMode: ProrationBillingMode },
  ): Promise<SubscriptionState>;
  /**
   * Asks Paddle to refund a whole one-time transaction (POST /adjustments, action refund, type full). Paddle creates
   * the adjustment `pending_approval` (most live refunds) or `approved`; it refuses a second one while one is pending.
   */
  refundTransaction(transactionId: string, reason: string): Promise<RefundAdjustment>;
  /** The refund adjustments Paddle holds for a transaction (GET /adjustments?transaction_id=…&action=refund). */
  listRefunds(transactionId: string): Promise<RefundAdjustment[]>;
}

/** A refund adjustment: its id and status (pending_approval, approved, rejected or reversed). */
export interface RefundAdjustment {
  adjustmentId: string;
  status: string;
}

interface PaddleAdjustmentBody {
  id?: string;
  status?: string;
}

function toRefundAdjustment(data: PaddleAdjustmentBody | undefined): RefundAdjustment {
  return { adjustmentId: data?.id ?? '', status: data?.status ?? 'pending_approval' };
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
    items?: Array<{ price?: { id?: string } | null }>;
    scheduled_change?: { action?: string; effective_at?: string } | null;
    current_billing_period?: { ends_at?: string } | null;
  };
}

function toSubscriptionState(subscriptionId: string, body: PaddleSubscriptionBody): SubscriptionState {
  const data = body.data ?? {};
  const scheduled = data.scheduled_change;
  const endsAt = data.current_billing_period?.ends_at;
  return {
    id: data.id ?? subscriptionId,
    status: data.status ?? 'active',
    priceId: data.items?.[0]?.price?.id ?? null,
    periodEndsAt: endsAt ? new Date(endsAt) : null,
    scheduledChange:
      scheduled?.action && scheduled.effective_at
        ? { action: scheduled.action, effectiveAt: new Date(scheduled.effective_at) }
        : null,
  };
}

export function createPaddleClient({
  apiUrl,
  apiKey,
  timeoutMs = 10_000,
}: PaddleClientOptions): PaddleClient {
  const base = apiUrl.replace(/\/+$/, '');

  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    subscriptionId: string,
    suffix: string,
    payload?: unknown,
  ): Promise<SubscriptionState> {
    const body = await send<PaddleSubscriptionBody>(
      method,
      `/subscriptions/${encodeURIComponent(subscriptionId)}${suffix}`,
      payload,
    );
    return toSubscriptionState(subscriptionId, body);
  }

  async function send<Body>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    payload?: unknown,
  ): Promise<Body> {
    if (!apiKey) throw new PaddleApiError('PADDLE_API_KEY is not set', 0, 'not_configured');
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as PaddleErrorBody & Body;
    if (!response.ok) {
      throw new PaddleApiError(
        body.error?.detail ?? `Paddle answered ${response.status}`,
        response.status,
        body.error?.code,
      );
    }
    return body;
  }

  return {
    async cancelSubscription(subscriptionId) {
      const state = await call('POST', subscriptionId, '/cancel', { effective_from: 'next_billing_period' });
      return {
        id: state.id,
        status: state.status,
        effectiveAt: state.scheduledChange?.effectiveAt ?? state.periodEndsAt,
      };
    },
    getSubscription: (subscriptionId) => call('GET', subscriptionId, ''),
    changeSubscriptionPrice: (subscriptionId, { priceId, prorationBillingMode }) =>
      // Paddle replaces the whole item list; on a declined payment it keeps the old items (on_payment_failure
      // defaults to prevent_change), so a failed upgrade changes nothing.
      call('PATCH', subscriptionId, '', {
        items: [{ price_id: priceId, quantity: 1 }],
        proration_billing_mode: prorationBillingMode,
      }),
    async refundTransaction(transactionId, reason) {
      const body = await send<{ data?: PaddleAdjustmentBody }>('POST', '/adjustments', {
        action: 'refund',
        type: 'full',
        transaction_id: transactionId,
        reason,
      });
      return toRefundAdjustment(body.data);
    },
    async listRefunds(transactionId) {
      const query = new URLSearchParams({ transaction_id: transactionId, action: 'refund' });
      const body = await send<{ data?: PaddleAdjustmentBody[] }>('GET', `/adjustments?${query}`);
      return (body.data ?? []).map(toRefundAdjustment);
    },
  };
}
