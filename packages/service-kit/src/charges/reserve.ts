// reserveCharge(): the hold of one tool use (docs/architecture.md#charged-runs). Each message of a charge made for an
// HTTP request carries that request's id (REQUEST_ID_HEADER), passed explicitly from the handler (EndpointCall's
// requestId) and kept by the Charge, so credits' logs name it. A refusal is thrown as an AppError; a balance too
// short for the use is answered here, once for every service, with the tool's own text (contracts
// insufficientCreditsText), not credits' generic one.
import { randomUUID } from 'node:crypto';
import { ErrorCode, insufficientCreditsText, type ApiKeyCharge, type ToolCostOptions } from '@act/contracts';
import type { ReserveReply, ReserveRequest } from '@act/contracts/server';
import { AppError, isAppError } from '../errors';
import { type RunOptions } from './charged-run';
import { ReserveNotSentError, type CreditsClient } from './credits-client';
import { heldCharge, type Charge } from './held-charge';
import { settleCharge, type ChargeRef } from './settlement';

export interface ChargeInput extends Omit<ChargeRef, 'requestId'> {
  /** A request id chosen by the caller (e.g. a message or job id); a new one when absent. */
  requestId?: string;
  /**
   * The id of the HTTP request this charge is made for (the handler's EndpointCall.requestId): sent to credits with
   * the reserve and with every settlement of this Charge, so credits' logs name it. Absent for background work.
   */
  httpRequestId?: string | undefined;
  options?: ToolCostOptions;
  /**
   * False for durable work another replica re-runs if this one dies (voice jobs): its hold is not tied to this
   * replica's lease. Default true: a synchronous call dies with its replica, and credits then refunds it at once.
   */
  leased?: boolean;
  /**
   * The member's personal API key the call came with (the caller's `apiKey`): credits names it on the ledger and
   * tests its monthly limit inside the charge (docs/product-rules.md#personal-api-keys).
   */
  apiKey?: ApiKeyCharge | undefined;
  /**
   * The refusal text when the balance is short, for a hold that is one of several uses of a run (several images):
   * the run words its whole price. Default: the tool's text for these options (contracts insufficientCreditsText).
   */
  insufficientText?: string | undefined;
}

/**
 * An AppError for a refused reserve, with the needsSignup flag the browser looks for on a spent guest trial; a short
 * balance gets `insufficientText` when there is one.
 */
export function reserveRefusal(
  reply: Extract<ReserveReply, { ok: false }>,
  insufficientText?: string,
): AppError {
  const text =
    reply.code === ErrorCode.INSUFFICIENT_CREDITS ? (insufficientText ?? reply.message) : reply.message;
  return new AppError(reply.code, text, reply.needsSignup ? { details: { needsSignup: true } } : {});
}

/** Holds the credits for one use; throws the refusal (insufficient credits, guest try spent) as an AppError. */
export async function reserveCharge(credits: CreditsClient, input: ChargeInput): Promise<Charge> {
  const {
    requestId = randomUUID(),
    tool,
    userId,
    guestIp,
    options,
    leased = true,
    httpRequestId,
    apiKey,
  } = input;
  const ref: ChargeRef = { requestId, tool, ...(userId ? { userId } : { guestIp }) };
  const request: ReserveRequest = {
    ...ref,
    ...(options ? { options } : {}),
    ...(apiKey && userId ? { apiKey } : {}),
    ...(leased && credits.lease ? { lease: credits.lease } : {}),
  };
  // A reserve whose outcome is unknown may have landed: it is released now instead of waiting for the sweeper (at
  // most the 1 s immediate refund; the durable event goes out in the background, and a release that finds no hold
  // leaves a tombstone). The request id is never used again, so releasing one that did not land costs nothing.
  const releaseInCase = () => settleCharge(credits, ref, 'released', httpRequestId).catch(() => undefined);
  let reply: ReserveReply;
  try {
    reply = await credits.reserve(request, httpRequestId);
  } catch (error) {
    // No reply: the reserve may have landed all the same. One never sent needs no release.
    if (!(isAppError(error) && error.cause instanceof ReserveNotSentError)) await releaseInCase();
    throw error;
  }
  if (!reply.ok) {
    // "Unavailable" is credits losing its database mid-reserve: the hold's commit may have reached PostgreSQL though
    // its answer did not (the PostgreSQL-kill test saw such holds left held until the sweeper).
    if (reply.code === ErrorCode.SERVICE_UNAVAILABLE) await releaseInCase();
    throw reserveRefusal(reply, input.insufficientText ?? insufficientCreditsText(tool, options));
  }
  return heldCharge(credits, ref, reply.remainingCredits, httpRequestId);
}

export interface ChargedToolResult<R> {
  result: R;
  /** The balance after this use; null for guests. */
  remainingCredits: number | null;
}

/** One charged one-shot tool use: reserve, run the work with the signal, settle by the rule. */
export async function runChargedTool<R>(
  credits: CreditsClient,
  input: ChargeInput,
  work: (signal: AbortSignal) => Promise<R>,
  options: RunOptions = {},
): Promise<ChargedToolResult<R>> {
  const charge = await reserveCharge(credits, input);
  const result = await charge.run(work, options);
  return { result, remainingCredits: charge.remainingCredits };
}
