// The right-hand result area of a voice screen: a title, then the wait (progress and elapsed time), the player, or a
// placeholder until there is a result.
import type { ReactNode } from 'react';

export interface ResultCardProps {
  title: string;
  placeholder: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function ResultCard({ title, placeholder, children, actions }: ResultCardProps) {
  return (
    <section className="act-panel act-stack vo-result" aria-label={title}>
      <div className="vo-result__header">
        <h2 className="vo-result__title">{title}</h2>
        {actions}
      </div>
      {children ?? <p className="vo-result__placeholder">{placeholder}</p>}
    </section>
  );
}
