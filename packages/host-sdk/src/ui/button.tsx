// The one button of the product: variants and sizes from the design tokens, a busy state with spinner, and asChild
// (radix Slot) so links can look like buttons.
import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'gradient';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button (the label stays, e.g. 'Processing...'). */
  busy?: boolean;
  /** Full width of the container. */
  block?: boolean;
  /** Render the child element (e.g. a router Link) with the button's look. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  block = false,
  asChild = false,
  className,
  disabled,
  children,
  type,
  ...rest
}: ButtonProps) {
  const classes = [
    'act-btn',
    `act-btn--${variant}`,
    `act-btn--${size}`,
    block ? 'act-btn--block' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  if (asChild) {
    return (
      <Slot.Root className={classes} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size={16} decorative />}
      {children}
    </button>
  );
}
