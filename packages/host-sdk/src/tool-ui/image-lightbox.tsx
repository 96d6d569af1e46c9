// An image gallery's lightbox (text-to-image gallery, image-to-image hub): a large dialog titled with the image's
// prompt, the image itself, Previous/Next buttons and the keyboard arrows between the gallery's images, and the
// page's own actions (Download, Delete, Favourite...) below. It is a modal dialog (focus stays inside, Esc closes)
// and gives focus back to the thumbnail that opened it (docs/architecture.md#keyboard-and-focus).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export interface ImageLightboxProps {
  /** Whether it is open; closing (Escape, the close button, outside click) calls onClose. */
  open: boolean;
  onClose(): void;
  /** The dialog's title: the image's prompt. */
  title: string;
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** Show the previous / next image; omitted (or null) at either end of the gallery. */
  onPrevious?: (() => void) | null;
  onNext?: (() => void) | null;
  previousLabel: string;
  nextLabel: string;
  /** Facts and actions shown under the image. */
  children?: ReactNode;
}

export function ImageLightbox({
  open,
  onClose,
  title,
  src,
  alt,
  width,
  height,
  onPrevious,
  onNext,
  previousLabel,
  nextLabel,
  children,
}: ImageLightboxProps) {
  // Arrow keys anywhere in the page while the lightbox is open (the dialog holds the focus, but a text field inside
  // it keeps its own arrows).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (event.key === 'ArrowLeft' && onPrevious) {
        event.preventDefault();
        onPrevious();
      } else if (event.key === 'ArrowRight' && onNext) {
        event.preventDefault();
        onNext();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onPrevious, onNext]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={<span className="act-lightbox__title">{title}</span>}
      size="lg"
    >
      <div className="act-lightbox">
        <div className="act-lightbox__stage">
          <Button
            variant="outline"
            size="sm"
            className="act-lightbox__nav act-lightbox__nav--previous"
            aria-label={previousLabel}
            // aria-disabled, not disabled: the button that reached the first image keeps the focus.
            aria-disabled={!onPrevious || undefined}
            onClick={() => onPrevious?.()}
          >
            <ChevronLeft size={18} aria-hidden />
          </Button>
          <img className="act-lightbox__image" src={src} alt={alt} width={width} height={height} />
          <Button
            variant="outline"
            size="sm"
            className="act-lightbox__nav act-lightbox__nav--next"
            aria-label={nextLabel}
            aria-disabled={!onNext || undefined}
            onClick={() => onNext?.()}
          >
            <ChevronRight size={18} aria-hidden />
          </Button>
        </div>
        {children}
      </div>
    </Dialog>
  );
}
