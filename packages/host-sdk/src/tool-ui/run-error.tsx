// A failed run in the spec's words, in the red error style; a guest whose free try is spent also gets Sign Up.
import { UI_TEXTS } from '@act/contracts';
import type { ToolHost } from '../tool-host';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

export interface RunErrorProps {
  error: string | null;
  needsSignup: boolean;
  host: Pick<ToolHost, 'navigate'>;
}

export function RunError({ error, needsSignup, host }: RunErrorProps) {
  if (!error) return null;
  return (
    <Alert
      variant="error"
      action={
        needsSignup ? (
          <Button size="sm" onClick={() => host.navigate('/auth?signup=true')}>
            {UI_TEXTS.auth.signUp}
          </Button>
        ) : undefined
      }
    >
      {error}
    </Alert>
  );
}
