// Modal dialogs on radix: Dialog for content (lightboxes, forms) and ConfirmDialog (AlertDialog) for the spec's
// confirmations (downgrade, cancel subscription, delete session).
import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { Button } from './button';

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
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="act-overlay" />
        <DialogPrimitive.Content className={`act-dialog act-dialog--${size}`} aria-describedby={undefined}>
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
  return (
    <AlertPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className="act-overlay" />
        <AlertPrimitive.Content className="act-dialog act-dialog--md">
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
