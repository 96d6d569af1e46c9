// The id of the HTTP request being served, wherever its work goes (a credits reserve, a usage event, a provider
// call, a detached generation started by it): the edge middleware runs each request's handlers inside it, so the
// credits client can send the id to credits as a NATS header without every call site passing it along.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<{ readonly requestId: string }>();

/** The request id (the gateway's x-request-id) of the request this code runs for; undefined outside any request. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}

/** Runs `work` as part of the request `requestId` (the edge middleware; a job resumed for a stored request). */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return current.run({ requestId }, work);
}

/** Runs `work` inside `state` (an object with the request's id), without another object per request. */
export function runInRequest<T>(state: { readonly requestId: string }, work: () => T): T {
  return current.run(state, work);
}
