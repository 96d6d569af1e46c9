// State of one image upload: docs/product-rules.md#validation checks (type and 10 MB, with the spec's texts), reading
// the file as the data URL the API takes, and the preview. Only PNG, JPEG and WebP are offered, as the spec's text
// ('PNG, JPG, JPEG, WebP') says (contracts' IMAGE_UPLOAD_TYPES); the server checks the bytes again.
import { useCallback, useRef, useState } from 'react';
import { ERROR_TEXTS } from '@act/contracts';
import { checkImageFile, readFileAsDataUrl } from '../file-checks';

export interface SelectedImage {
  name: string;
  size: number;
  /** data:image/...;base64,... — sent to the API and used as the preview source. */
  dataUrl: string;
}

export interface ImageUpload {
  image: SelectedImage | null;
  /** Spec text of the last rejected or unreadable file, else null. */
  error: string | null;
  /** True while the chosen file is being read. */
  reading: boolean;
  select(file: File): Promise<void>;
  clear(): void;
}

export function useImageUpload(): ImageUpload {
  const [image, setImage] = useState<SelectedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // A slow read of an earlier file must not overwrite a newer choice (or a Clear).
  const generation = useRef(0);

  const select = useCallback(async (file: File) => {
    const id = ++generation.current;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setReading(true);
    setError(null);
    try {
      const dataUrl = await readFileAsDataUrl(file, ERROR_TEXTS.ui.readImageFile);
      if (id === generation.current) setImage({ name: file.name, size: file.size, dataUrl });
    } catch {
      if (id === generation.current) setError(ERROR_TEXTS.ui.readImageFile);
    } finally {
      if (id === generation.current) setReading(false);
    }
  }, []);

  const clear = useCallback(() => {
    generation.current++;
    setImage(null);
    setError(null);
    setReading(false);
  }, []);

  return { image, error, reading, select, clear };
}
