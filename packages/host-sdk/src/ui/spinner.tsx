// Loading indicator: an accessible status with the spec's 'Loading' label, or a decorative spin inside buttons.
import { LoaderCircle } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';

export interface SpinnerProps {
  size?: number;
  /** Text for screen readers (and shown when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  /** Inside a control that already announces its state: hide from assistive tech. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({
  size = 24,
  label = UI_TEXTS.common.loading,
  showLabel,
  decorative,
  className,
}: SpinnerProps) {
  const icon = <LoaderCircle className="act-spinner__icon" size={size} aria-hidden />;
  if (decorative) return <span className={['act-spinner', className].filter(Boolean).join(' ')}>{icon}</span>;
  return (
    <span role="status" aria-live="polite" className={['act-spinner', className].filter(Boolean).join(' ')}>
      {icon}
      {showLabel ? (
        <span className="act-spinner__label">{label}</span>
      ) : (
        <span className="act-sr-only">{label}</span>
      )}
    </span>
  );
}
