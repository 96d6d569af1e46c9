// Where the picture of Upscale or Edit a region comes from: an upload (checked in the browser like every image upload,
// and again by the server) or one of the member's own stored images, chosen from a grid. `picture` is what the page
// shows and sends; its size is read by loading it (an upload's size is only known then).
import { useCallback, useEffect, useState } from 'react';
import { useImageUpload, type ImageUpload } from '@act/host-sdk';
import type { OwnImage, SourceField } from './image-tools-api';

export type SourceMode = 'upload' | 'yours';

export interface Picture {
  /** What the request sends: the data URL, or the stored image's id. */
  field: SourceField;
  /** What the page shows (the data URL, or the signed same-origin URL). */
  url: string;
  /** A name for alt texts. */
  name: string;
  /** Set once the picture has loaded in the page (natural size). */
  size: { width: number; height: number } | null;
}

export interface PictureSource {
  mode: SourceMode;
  setMode(mode: SourceMode): void;
  upload: ImageUpload;
  chosen: OwnImage | null;
  choose(image: OwnImage | null): void;
  picture: Picture | null;
  clear(): void;
}

export function usePictureSource(): PictureSource {
  const [mode, setMode] = useState<SourceMode>('upload');
  const upload = useImageUpload();
  const [chosen, choose] = useState<OwnImage | null>(null);
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);

  const base =
    mode === 'upload'
      ? upload.image && {
          field: { image: upload.image.dataUrl },
          url: upload.image.dataUrl,
          name: upload.image.name,
        }
      : chosen && { field: { from: chosen.id }, url: chosen.url, name: chosen.label };
  const picture: Picture | null = base
    ? { ...base, size: size && size.url === base.url ? { width: size.width, height: size.height } : null }
    : null;

  // The picture's own size, read by loading it (the page's copies are scaled by CSS).
  const url = base?.url;
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.onload = () => setSize({ url, width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
    return () => {
      image.onload = null;
    };
  }, [url]);
  const { clear: clearUpload } = upload;
  const clear = useCallback(() => {
    clearUpload();
    choose(null);
  }, [clearUpload]);

  return { mode, setMode, upload, chosen, choose, picture, clear };
}
