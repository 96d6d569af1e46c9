// Test double for Paddle: webhook payloads in Paddle's JSON format signed the way Paddle signs them
// (Paddle-Signature `ts=<unix>;h1=<hex HMAC-SHA256 of "ts:rawBody">`), subscription and transaction events alike,
// and a local HTTP server answering GET and PATCH /subscriptions/{id}, POST /subscriptions/{id}/cancel, and
// POST and GET /adjustments (refunds, with a settable delay, failure and outcome) like Paddle's API.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adjustmentEntity, createRefundAdjustment, type FakeAdjustment } from './paddle-fake-adjustments';

export function signPaddleBody(rawBody: string, secret: string, at: Date = new Date()): string {
  const ts = Math.floor(at.getTime() / 1000);
  const h1 = createHmac('sha256', secret).update(`${ts}:${rawBody}`).digest('hex');
  return `ts=${ts};h1=${h1}`;
}

export interface SubscriptionEventInput {
  eventType: string;
  subscriptionId: string;
  status: string;
  priceId: string;
  /** custom_data as the checkout carried it (Paddle repeats it on every event of the subscription). */
  customData?: Record<string, unknown> | null;
  eventId?: string;
  occurredAt?: Date;
  periodStartsAt?: Date;
  periodEndsAt?: Date | null;
  scheduledChange?: { action: 'cancel' | 'pause' | 'resume'; effectiveAt: Date } | null;
}

/** A subscription.* webhook body as Paddle sends it (snake_case, with the fields the SDK reads). */
export function subscriptionEventBody(input: SubscriptionEventInput): string {
  const occurredAt = input.occurredAt ?? new Date();
  const periodStartsAt = input.periodStartsAt ?? occurredAt;
  const periodEndsAt =
    input.periodEndsAt === undefined
      ? new Date(periodStartsAt.getTime() + 30 * 86_400_000)
      : input.periodEndsAt;
  return JSON.stringify({
    event_id: input.eventId ?? `evt_${randomUUID().replace(/-/g, '')}`,
    event_type: input.eventType,
    occurred_at: occurredAt.toISOString(),
    notification_id: `ntf_${randomUUID().replace(/-/g, '')}`,
    data: {
      id: input.subscriptionId,
      status: input.status,
      customer_id: 'ctm_01hv8wt8nffez4p2t6typn4a5j',
      address_id: 'add_01hv8wt8nffez4p2t6typn4a5k',
      business_id: null,
      currency_code: 'USD',
      created_at: periodStartsAt.toISOString(),
      updated_at: occurredAt.toISOString(),
      started_at: periodStartsAt.toISOString(),
      first_billed_at: periodStartsAt.toISOString(),
      next_billed_at: periodEndsAt?.toISOString() ?? null,
      paused_at: null,
      canceled_at: input.status === 'canceled' ? occurredAt.toISOString() : null,
      discount: null,
      collection_mode: 'automatic',
      billing_details: null,
      current_billing_period: periodEndsAt
        ? { starts_at: periodStartsAt.toISOString(), ends_at: periodEndsAt.toISOString() }
        : null,
      billing_cycle: { interval: 'month', frequency: 1 },
      scheduled_change: input.scheduledChange
        ? {
            action: input.scheduledChange.action,
            effective_at: input.scheduledChange.effectiveAt.toISOString(),
            resume_at: null,
          }
        : null,
      items: [
        {
          status: 'active',
          quantity: 1,
          recurring: true,
          created_at: periodStartsAt.toISOString(),
          updated_at: occurredAt.toISOString(),
          previously_billed_at: periodStartsAt.toISOString(),
          next_billed_at: periodEndsAt?.toISOString() ?? null,
          trial_dates: null,
          price: {
            id: input.priceId,
            product_id: 'pro_01hv8x0a1cqgyq3xz8r9qnnb7e',
            description: 'Monthly',
            name: 'Monthly',
            type: 'standard',
            billing_cycle: { interval: 'month', frequency: 1 },
            trial_period: null,
            tax_mode: 'account_setting',
            unit_price: { amount: '900', currency_code: 'USD' },
            unit_price_overrides: [],
            quantity: { minimum: 1, maximum: 1 },
            status: 'active',
            custom_data: null,
            import_meta: null,
          },
        },
      ],
      custom_data: input.customData ?? null,
      import_meta: null,
    },
  });
}

export interface TransactionEventInput {
  /** transaction.completed, transaction.paid, transaction.updated … */
  eventType: string;
  transactionId: string;
  status: string;
  priceId: string;
  quantity?: number;
  customData?: Record<string, unknown> | null;
  subscriptionId?: string | null;
  /** Grand total in cents. */
  totalCents?: number;
  eventId?: string;
  occurredAt?: Date;
  billedAt?: Date;
}

/** A transaction.* webhook body as Paddle sends it (snake_case, with the fields the SDK reads). */
export function transactionEventBody(input: TransactionEventInput): string {
  const occurredAt = input.occurredAt ?? new Date();
  const billedAt = input.billedAt ?? occurredAt;
  const total = String(input.totalCents ?? 500);
  const totals = {
    subtotal: total,
    tax: '0',
    discount: '0',
    total,
    grand_total: total,
    fee: null,
    earnings: null,
    credit: '0',
    credit_to_balance: '0',
    balance: '0',
    currency_code: 'USD',
  };
  return JSON.stringify({
    event_id: input.eventId ?? `evt_${randomUUID().replace(/-/g, '')}`,
    event_type: input.eventType,
    occurred_at: occurredAt.toISOString(),
    notification_id: `ntf_${randomUUID().replace(/-/g, '')}`,
    data: {
      id: input.transactionId,
      status: input.status,
      customer_id: 'ctm_01hv8wt8nffez4p2t6typn4a5j',
      address_id: 'add_01hv8wt8nffez4p2t6typn4a5k',
      business_id: null,
      custom_data: input.customData ?? null,
      currency_code: 'USD',
      origin: 'web',
      subscription_id: input.subscriptionId ?? null,
      invoice_id: null,
      invoice_number: null,
      collection_mode: 'automatic',
      discount_id: null,
      billing_details: null,
      billing_period: null,
      items: [
        {
          price_id: input.priceId,
          quantity: input.quantity ?? 1,
          price: {
            id: input.priceId,
            product_id: 'pro_01hv8x0a1cqgyq3xz8r9qnnb7f',
            description: 'Credit pack',
            name: 'Credit pack',
            type: 'standard',
            billing_cycle: null,
            trial_period: null,
            tax_mode: 'account_setting',
            unit_price: { amount: total, currency_code: 'USD' },
            unit_price_overrides: [],
            quantity: { minimum: 1, maximum: 1 },
            status: 'active',
            custom_data: null,
            import_meta: null,
          },
        },
      ],
      details: {
        tax_rates_used: [],
        totals,
        adjusted_totals: totals,
        payout_totals: null,
        adjusted_payout_totals: null,
        line_items: [],
      },
      payments: [],
      checkout: { url: null },
      created_at: occurredAt.toISOString(),
      updated_at: occurredAt.toISOString(),
      billed_at: input.status === 'paid' || input.status === 'completed' ? billedAt.toISOString() : null,
    },
  });
}

export interface FakePaddleRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeSubscription {
  endsAt: Date;
  priceId?: string;
  /** Set by a cancel: Paddle keeps it on the subscription until the period ends. */
  scheduledCancel?: boolean;
}

const PRORATION_BILLING_MODES = new Set([
  'prorated_immediately',
  'prorated_next_billing_period',
  'full_immediately',
  'full_next_billing_period',
  'do_not_bill',
]);

/** A subscription entity in the shape of Paddle's API replies (the fields our client reads, plus context). */
function subscriptionEntity(id: string, subscription: FakeSubscription) {
  const endsAt = subscription.endsAt.toISOString();
  return {
    id,
    status: 'active',
    current_billing_period: { starts_at: new Date().toISOString(), ends_at: endsAt },
    next_billed_at: endsAt,
    scheduled_change: subscription.scheduledCancel
      ? { action: 'cancel', effective_at: endsAt, resume_at: null }
      : null,
    items: subscription.priceId
      ? [{ status: 'active', quantity: 1, recurring: true, price: { id: subscription.priceId } }]
      : [],
  };
}

function operationOf(
  method: string | undefined,
  cancelPath: boolean,
): 'get' | 'update' | 'cancel' | undefined {
  if (cancelPath) return method === 'POST' ? 'cancel' : undefined;
  if (method === 'GET') return 'get';
  if (method === 'PATCH') return 'update';
  return undefined;
}

export interface FakePaddle {
  url: string;
  requests: FakePaddleRequest[];
  /** Subscriptions the fake knows: the end of their current period and the price of their one item. */
  subscriptions: Map<string, FakeSubscription>;
  /** Refunds asked for through POST /adjustments: the transaction id of each (refused ones too). */
  refunds: string[];
  /** Refund adjustments created, in order. */
  adjustments: FakeAdjustment[];
  /** The status a new refund adjustment starts in (Paddle auto-approves some; most live ones wait for review). */
  refundStatus: 'pending_approval' | 'approved';
  /** Makes the next subscription or adjustment call answer with this HTTP status and a Paddle error body. */
  failNextWith(status: number): void;
  /**
   * A slow Paddle: refund requests are recorded and acted on at once but answered only when the returned function is
   * called (by then the client may have given up waiting).
   */
  holdRefundAnswers(): () => void;
  /** Refund requests answered so far. */
  refundsAnswered: number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakePaddle(apiKey: string): Promise<FakePaddle> {
  const requests: FakePaddleRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const refunds: string[] = [];
  const adjustments: FakeAdjustment[] = [];
  let failStatus: number | undefined;
  const fake = { refundStatus: 'approved' as FakePaddle['refundStatus'], refundsAnswered: 0 };
  let answersHeld: Promise<void> | undefined;
  const meta = () => ({ request_id: randomUUID() });
  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(403, {
          error: { type: 'request_error', code: 'forbidden', detail: 'You do not have permission' },
          meta: meta(),
        });
      }
      if (path === '/adjustments' && (req.method === 'POST' || req.method === 'GET')) {
        if (failStatus !== undefined) {
          const status = failStatus;
          failStatus = undefined;
          return send(status, {
            error: { type: 'api_error', code: 'internal_error', detail: 'Something went wrong' },
            meta: meta(),
          });
        }
        if (req.method === 'GET') {
          const query = new URL(req.url ?? '/', 'http://fake').searchParams;
          const found = adjustments.filter((adj) => adj.transactionId === query.get('transaction_id'));
          return send(200, { data: found.map(adjustmentEntity), meta: meta() });
        }
        const reply = createRefundAdjustment({ refunds, adjustments, status: fake.refundStatus }, text);
        await answersHeld;
        fake.refundsAnswered += 1;
        return send(reply.status, { ...reply.body, meta: meta() });
      }
      const match = /^\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
      const operation = match ? operationOf(req.method, match[2] !== undefined) : undefined;
      if (!match || !operation) {
        return send(404, {
          error: { type: 'request_error', code: 'not_found', detail: 'Not found' },
          meta: meta(),
        });
      }
      if (failStatus !== undefined) {
        const status = failStatus;
        failStatus = undefined;
        return send(status, {
          error: { type: 'api_error', code: 'internal_error', detail: 'Something went wrong' },
          meta: meta(),
        });
      }
      const id = decodeURIComponent(match[1]!);
      const subscription = subscriptions.get(id);
      if (!subscription) {
        return send(404, {
          error: { type: 'request_error', code: 'entity_not_found', detail: `subscription ${id} not found` },
          meta: meta(),
        });
      }
      if (operation === 'cancel') subscription.scheduledCancel = true;
      if (operation === 'update') {
        const body = (text ? JSON.parse(text) : {}) as {
          items?: Array<{ price_id?: string; quantity?: number }>;
          proration_billing_mode?: string;
        };
        const priceId = body.items?.[0]?.price_id;
        // Paddle requires a proration mode whenever items change.
        if (!priceId || !PRORATION_BILLING_MODES.has(body.proration_billing_mode ?? '')) {
          return send(400, {
            error: { type: 'request_error', code: 'bad_request', detail: 'Invalid request' },
            meta: meta(),
          });
        }
        // Paddle applies item changes at once; the billing period stays for a same-interval change.
        subscription.priceId = priceId;
      }
      return send(200, { data: subscriptionEntity(id, subscription), meta: meta() });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    refunds,
    adjustments,
    get refundStatus() {
      return fake.refundStatus;
    },
    set refundStatus(status) {
      fake.refundStatus = status;
    },
    get refundsAnswered() {
      return fake.refundsAnswered;
    },
    holdRefundAnswers() {
      let release = () => {};
      answersHeld = new Promise<void>((resolve) => {
        release = () => {
          answersHeld = undefined;
          resolve();
        };
      });
      return release;
    },
    failNextWith(status) {
      failStatus = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
