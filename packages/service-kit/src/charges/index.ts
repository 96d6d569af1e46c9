// The whole charge of one tool use (docs/architecture.md#charged-runs, docs/charges.md), one module per part:
// - reserve.ts: reserveCharge() holds the credits (a short balance refused with the tool's text), runChargedTool;
// - held-charge.ts: the Charge: commit or release now, commitIn(tx, outbox) in the transaction storing the result;
// - charged-run.ts: charge.run(work), settled by the product's rule for an unfinished run;
// - settlement.ts: the charge as plain data (ChargeRef), settled by any replica;
// - credits-client.ts and usage-publisher.ts: the NATS and JetStream side of reserve, commit and release;
// - request-signal.ts and charged-call.ts: the signal of the HTTP request the work is done for, and the call as
//   domain code takes it from its handler (payerOf: who pays, which request it names).
export {
  createCreditsClient,
  DEFAULT_CHARGE_LEASE_MS,
  ReserveNotSentError,
  type CreditsClient,
  type CreditsClientOptions,
} from './credits-client';
export type { RunOptions } from './charged-run';
export type { Charge } from './held-charge';
export {
  reserveCharge,
  reserveRefusal,
  runChargedTool,
  type ChargeInput,
  type ChargedToolResult,
} from './reserve';
export { payerOf, type ChargedCall } from './charged-call';
export { requestSignal } from './request-signal';
export { settleCharge, settlementMessage, type ChargeRef } from './settlement';
