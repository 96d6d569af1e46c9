// Modal dialogs on radix: Dialog for content (lightboxes, forms) and ConfirmDialog (AlertDialog) for the spec's
// confirmations (downgrade, cancel subscription, delete session). The one dialog primitive of the product: radix traps
// focus inside, Esc closes, the page behind is inert; and focus goes back to the element that opened the dialog
// (docs/architecture.md#keyboard-and-focus), which radix does only for its own Trigger.
import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { Button } from './button';

/**
 * Remembers what had focus when `open` became true (the thumbnail, the Delete button...) and gives focus back to it
 * when the dialog closes, if it is still on the page; a dialog opened by its own Trigger is left to radix.
 */
function useReturnFocus(open: boolean | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    // Runs before radix moves focus into the dialog (its focus scope does that in an effect).
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}

export interface DialogProps {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Optional element that opens the dialog. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** 'md' (480 px) by default; 'lg' for image lightboxes. */
  size?: 'md' | 'lg';
}

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  size = 'md',
}: DialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="act-overlay" />
        <DialogPrimitive.Content
          className={`act-dialog act-dialog--${size}`}
          aria-describedby={undefined}
          onCloseAutoFocus={trigger ? undefined : returnFocus}
        >
          <div className="act-dialog__header">
            <DialogPrimitive.Title className="act-dialog__title">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="act-icon-btn" aria-label={UI_TEXTS.common.close}>
              <X size={18} aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {description && (
            <DialogPrimitive.Description className="act-dialog__description">
              {description}
            </DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm(): void | Promise<void>;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = UI_TEXTS.common.confirm,
  cancelLabel = UI_TEXTS.common.cancel,
  destructive,
  busy,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className="act-overlay" />
        <AlertPrimitive.Content className="act-dialog act-dialog--md" onCloseAutoFocus={returnFocus}>
          <AlertPrimitive.Title className="act-dialog__title">{title}</AlertPrimitive.Title>
          <AlertPrimitive.Description className="act-dialog__description">
            {description}
          </AlertPrimitive.Description>
          <div className="act-dialog__actions">
            <AlertPrimitive.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertPrimitive.Cancel>
            <Button
              variant={destructive ? 'danger' : 'primary'}
              busy={busy}
              onClick={() => {
                void onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}
