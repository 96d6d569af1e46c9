// Small pill labels: plan badges (colour per plan, docs/product-rules.md#roles), 'Most Popular', 'Available' /
// 'Coming Soon'.
import type { ReactNode } from 'react';

export type BadgeTone = 'gray' | 'blue' | 'purple' | 'amber' | 'green' | 'red' | 'brand';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'gray', children, className }: BadgeProps) {
  return (
    <span className={['act-badge', `act-badge--${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
