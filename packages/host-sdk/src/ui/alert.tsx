// Inline message boxes: the red error banner (docs/product-rules.md#screens dashboard), info and success notes.
import { CircleAlert, Info, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AlertProps {
  variant?: 'error' | 'info' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  /** Optional action on the right (e.g. Retry). */
  action?: ReactNode;
  className?: string;
}

export function Alert({ variant = 'error', title, children, action, className }: AlertProps) {
  const Icon = variant === 'error' ? CircleAlert : variant === 'success' ? CircleCheck : Info;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={['act-alert', `act-alert--${variant}`, className].filter(Boolean).join(' ')}
    >
      <Icon className="act-alert__icon" size={18} aria-hidden />
      <div className="act-alert__body">
        {title && <p className="act-alert__title">{title}</p>}
        {children && <div className="act-alert__text">{children}</div>}
      </div>
      {action && <div className="act-alert__action">{action}</div>}
    </div>
  );
}
