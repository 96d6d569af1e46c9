// The class list that gives anything the product's button look. Its own module (and package subpath) so pages that
// must not download all of host-sdk before first paint, such as the shell's landing page, can style links as buttons.
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'gradient';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of the container. */
  block?: boolean;
  className?: string;
}

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: ButtonLook): string {
  return ['act-btn', `act-btn--${variant}`, `act-btn--${size}`, block ? 'act-btn--block' : '', className]
    .filter(Boolean)
    .join(' ');
}
