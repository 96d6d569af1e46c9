// The idle → loading → result | error cycle every generation action follows (docs/product-rules.md#states), applying
// the reply's remainingCredits to the host balance and turning failures into the server's or the fallback spec text.
import { useCallback, useRef, useState } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { announce } from './announcer';
import { errorMessage, isApiError } from './api-error';
import type { ToolHost } from './tool-host';

export type ToolRunStatus = 'idle' | 'loading' | 'success' | 'error';

export interface ToolRunState<Result> {
  status: ToolRunStatus;
  result: Result | null;
  error: string | null;
  /** True when a guest's free use is spent and the server asks them to sign up. */
  needsSignup: boolean;
}

export interface UseToolRunResult<Args extends unknown[], Result> extends ToolRunState<Result> {
  /** Runs the action; resolves to the result or null after a failure (shown through `error`). */
  run(...args: Args): Promise<Result | null>;
  reset(): void;
}

const IDLE = { status: 'idle', result: null, error: null, needsSignup: false } as const;

export function useToolRun<Args extends unknown[], Result extends { remainingCredits?: number | null }>(
  host: Pick<ToolHost, 'onCreditsChange'>,
  action: (...args: Args) => Promise<Result>,
  fallbackError: string,
): UseToolRunResult<Args, Result> {
  const [state, setState] = useState<ToolRunState<Result>>(IDLE);
  const latest = useRef(0);

  const run = useCallback(
    async (...args: Args) => {
      const id = ++latest.current;
      setState((s) => ({ ...s, status: 'loading', error: null, needsSignup: false }));
      try {
        const result = await action(...args);
        if (typeof result.remainingCredits === 'number') host.onCreditsChange(result.remainingCredits);
        if (id === latest.current) {
          setState({ status: 'success', result, error: null, needsSignup: false });
          // Said once per finished run; the error path has the page's role="alert" instead.
          announce(UI_TEXTS.announce.resultReady);
        }
        return result;
      } catch (error) {
        if (id === latest.current) {
          setState({
            status: 'error',
            result: null,
            error: errorMessage(error, fallbackError),
            needsSignup: isApiError(error) && error.needsSignup === true,
          });
        }
        return null;
      }
    },
    [action, fallbackError, host],
  );

  const reset = useCallback(() => {
    latest.current++;
    setState(IDLE);
  }, []);

  return { ...state, run, reset };
}
