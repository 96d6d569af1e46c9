// The one way a handler hands its call to the domain code it charges for: the EndpointCall itself, passed whole
// (docs/architecture.md#charged-runs). Domain code reads the kit's Caller from it, sends the request's id to credits
// with the charge and stops with the request's signal; nothing rebuilds a caller of its own.
import type { Caller } from '../mount-endpoint';
import type { ChargeInput } from './reserve';

/** What domain code takes of a handler's EndpointCall to charge for it and to stop with it. */
export interface ChargedCall<C extends Caller = Caller> {
  readonly caller: C;
  /** The HTTP request's id (EndpointCall.requestId): the charge sends it to credits. */
  readonly requestId?: string;
  /** Aborts when the client hangs up (EndpointCall.signal, made when first read): the work and its charge stop. */
  readonly signal?: AbortSignal;
}

/**
 * Who pays for the call and which request it names, as ChargeInput fields: the member with the personal API key the
 * call came with (credits names it and holds it to its limit), or the guest by the IP the gateway vouched for.
 */
export function payerOf(
  call: ChargedCall,
): Pick<ChargeInput, 'userId' | 'guestIp' | 'httpRequestId' | 'apiKey'> {
  const { caller } = call;
  const payer =
    caller.userId === undefined
      ? { guestIp: caller.guestIp }
      : { userId: caller.userId, apiKey: caller.apiKey };
  return { ...payer, httpRequestId: call.requestId };
}
