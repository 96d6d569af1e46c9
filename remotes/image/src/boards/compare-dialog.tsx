// Two images compared (docs/product-rules.md#image-boards): any two of the gallery's, or a photo effect's result and
// its stored original, in one dialog with the photo effects' before/after slider (drag, or arrows, Page Up/Down,
// Home, End) and its side-by-side view, each side named.
import { useState } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { Dialog } from '@act/host-sdk';
import { BeforeAfterSlider, SLIDER_DEFAULT } from '../components/before-after-slider';

const T = UI_TEXTS.imageBoards;

export interface ComparedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The side's name on the picture (First image, Original, …). */
  label: string;
}

export interface CompareDialogProps {
  title: string;
  /** Left of the divider. */
  first: ComparedImage;
  /** Right of the divider. */
  second: ComparedImage;
  onClose(): void;
}

export function CompareDialog({ title, first, second, onClose }: CompareDialogProps) {
  const [value, setValue] = useState(SLIDER_DEFAULT);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} size="lg">
      <BeforeAfterSlider
        before={{ src: first.src, alt: first.alt }}
        after={{ src: second.src, alt: second.alt }}
        value={value}
        onValueChange={setValue}
        caption={T.compareCaption}
        aspect={first.width / first.height}
        allowSideBySide
        labels={{ before: first.label, after: second.label, slider: T.compareSlider }}
      />
    </Dialog>
  );
}
