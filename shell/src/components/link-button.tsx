// A router link with the host-sdk button look (act-btn classes). Public pages use it instead of the host-sdk
// Button so the landing page does not download the shared host-sdk before the first paint.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses, type ButtonLook } from '@act/host-sdk/button-classes';

export interface LinkButtonProps extends ButtonLook {
  to: string;
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
  return (
    <Link to={to} className={buttonClasses({ variant, size, block, className })} {...aria}>
      {children}
    </Link>
  );
}
