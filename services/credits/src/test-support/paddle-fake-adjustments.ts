// Paddle's refund adjustments for the Paddle fake (paddle-fake.ts): the adjustment entity as the API and the
// adjustment.* webhooks carry it, and POST /adjustments' answers, refusals included.
import { randomUUID } from 'node:crypto';

/** A refund adjustment the fake holds; tests may change its status as Paddle's review would. */
export interface FakeAdjustment {
  id: string;
  transactionId: string;
  status: 'pending_approval' | 'approved' | 'rejected';
}

/** The adjustment entity as Paddle's API and webhooks carry it (the fields our client reads, plus context). */
export function adjustmentEntity(adjustment: FakeAdjustment) {
  return {
    id: adjustment.id,
    action: 'refund',
    type: 'full',
    transaction_id: adjustment.transactionId,
    subscription_id: null,
    customer_id: 'ctm_01hv8wt8nffez4p2t6typn4a5j',
    reason: 'Unused credit pack refunded by the member',
    credit_applied_to_balance: null,
    currency_code: 'USD',
    status: adjustment.status,
    items: [],
    totals: { subtotal: '500', tax: '0', total: '500', fee: '0', earnings: '0', currency_code: 'USD' },
    payout_totals: null,
    tax_rates_used: [],
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  };
}

/** An adjustment.created or adjustment.updated webhook body as Paddle sends it. */
export function adjustmentEventBody(
  eventType: 'adjustment.created' | 'adjustment.updated',
  adjustment: FakeAdjustment,
): string {
  return JSON.stringify({
    event_id: `evt_${randomUUID().replace(/-/g, '')}`,
    event_type: eventType,
    occurred_at: new Date().toISOString(),
    notification_id: `ntf_${randomUUID().replace(/-/g, '')}`,
    data: adjustmentEntity(adjustment),
  });
}

/**
 * POST /adjustments as Paddle answers it: records the request, then refuses a second refund while one is pending
 * and one of a transaction refunded in full; otherwise creates the adjustment in `status`.
 */
export function createRefundAdjustment(
  state: { refunds: string[]; adjustments: FakeAdjustment[]; status: FakeAdjustment['status'] },
  text: string,
): { status: number; body: Record<string, unknown> } {
  const body = (text ? JSON.parse(text) : {}) as { action?: string; transaction_id?: string; type?: string };
  if (body.action !== 'refund' || !body.transaction_id || body.type !== 'full') {
    return refusal('bad_request', 'Invalid request');
  }
  state.refunds.push(body.transaction_id);
  const earlier = state.adjustments.filter((adj) => adj.transactionId === body.transaction_id);
  if (earlier.some((adj) => adj.status === 'pending_approval')) {
    return refusal(
      'adjustment_pending_refund_request',
      'You are unable to create further adjustments against this transaction as there is a pending refund request',
    );
  }
  if (earlier.some((adj) => adj.status === 'approved')) {
    return refusal('adjustment_amount_above_remaining_allowed', 'The transaction has been refunded in full');
  }
  const adjustment: FakeAdjustment = {
    id: `adj_${randomUUID().replace(/-/g, '')}`,
    transactionId: body.transaction_id,
    status: state.status,
  };
  state.adjustments.push(adjustment);
  return { status: 201, body: { data: adjustmentEntity(adjustment) } };
}

function refusal(code: string, detail: string) {
  return { status: 400, body: { error: { type: 'request_error', code, detail } } };
}
