// The signal of one HTTP request, for the charged work it starts (docs/architecture.md#charged-runs).
import type { Context } from 'koa';

/**
 * An AbortSignal that aborts when the client goes away before its reply was written (the response closes
 * unfinished), so work done for nobody can stop and a one-shot tool's hold is released.
 */
export function requestSignal(ctx: Context): AbortSignal {
  const controller = new AbortController();
  const response = ctx.res;
  const clientLeft = () => {
    if (!response.writableFinished) {
      controller.abort(new DOMException('The client closed the connection', 'AbortError'));
    }
  };
  // Asked for late (after a slow upload or check), the client may already be gone: its 'close' came and went.
  if (ctx.req.socket.destroyed) clientLeft();
  else response.once('close', clientLeft);
  return controller.signal;
}
