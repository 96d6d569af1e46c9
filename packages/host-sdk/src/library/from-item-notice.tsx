// The note above a tool's input filled from `?from=` (useFromItem): loading, what was filled in (and whether the
// text was cut to the tool's limit), or why nothing was.
import { LIBRARY_TEXTS } from '@act/contracts';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import type { FromItemState } from './use-from-item';

export function FromItemNotice({ state }: { state: FromItemState }) {
  if (state.loading) {
    return <Spinner size={16} showLabel label={LIBRARY_TEXTS.fromLoading} />;
  }
  if (state.error) return <Alert variant="error">{state.error}</Alert>;
  if (state.notice) return <Alert variant="info">{state.notice}</Alert>;
  return null;
}
