// Toast notifications on radix Toast (docs/product-rules.md#costs-and-limits: at most 20 at once, 350 px wide).
// `toast()` is a plain function so remotes and non-React code can raise one; the shell mounts <Toaster /> once.
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { LIMITS, UI_TEXTS } from '@act/contracts';
import { createStore, useStoreState } from '../store';

export type ToastVariant = 'info' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; 5000 by default. */
  durationMs?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

const toastStore = createStore<readonly ToastItem[]>([]);
let nextToastId = 1;

/** Shows a toast; when 20 are on screen the oldest one makes room. Returns its id for dismissToast. */
export function toast(input: ToastInput): number {
  const id = nextToastId++;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'info',
    durationMs: input.durationMs ?? 5000,
    open: true,
  };
  toastStore.setState((items) => [...items, item].slice(-LIMITS.toastLimit));
  return id;
}

export function dismissToast(id: number): void {
  toastStore.setState((items) => items.filter((item) => item.id !== id));
}

/** Current toasts (exposed for tests and for the shell's debug views). */
export function getToasts(): readonly ToastItem[] {
  return toastStore.getState();
}

export function useToast(): { toast: typeof toast; dismiss: typeof dismissToast } {
  return { toast, dismiss: dismissToast };
}

export function Toaster() {
  const items = useStoreState(toastStore);
  return (
    <ToastPrimitive.Provider swipeDirection="right" label="Notification">
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          className="act-toast"
          data-variant={item.variant}
          duration={item.durationMs}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          <div className="act-toast__body">
            <ToastPrimitive.Title className="act-toast__title">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="act-toast__description">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close className="act-toast__close" aria-label={UI_TEXTS.common.close}>
            <X size={16} aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="act-toast-viewport" style={{ maxWidth: LIMITS.toastMaxWidthPx }} />
    </ToastPrimitive.Provider>
  );
}
