// The spec's 'Loading' spinner while auth (or a lazily loaded page) is loading. Plain markup with the host-sdk
// spinner classes: it is the first thing rendered, before the shared host-sdk has loaded.
import { LoaderCircle } from 'lucide-react';
import { PUBLIC_DATA } from './public-data';

export function FullPageSpinner() {
  return (
    <div className="sh-full-page-spinner">
      <span role="status" aria-live="polite" className="act-spinner">
        <LoaderCircle className="act-spinner__icon" size={32} aria-hidden />
        <span className="act-spinner__label">{PUBLIC_DATA.texts.loading}</span>
      </span>
    </div>
  );
}
