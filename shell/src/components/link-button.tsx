// A router link with the host-sdk button look (act-btn classes). Public pages use it instead of the host-sdk
// Button so the landing page does not download the shared host-sdk before the first paint.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LinkButtonProps {
  to: string;
  variant?: 'primary' | 'secondary' | 'outline' | 'ghost' | 'gradient';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

export function LinkButton({
  to,
  variant = 'primary',
  size = 'md',
  block,
  className,
  children,
  ...aria
}: LinkButtonProps) {
  const classes = [
    'act-btn',
    `act-btn--${variant}`,
    `act-btn--${size}`,
    block ? 'act-btn--block' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes} {...aria}>
      {children}
    </Link>
  );
}
