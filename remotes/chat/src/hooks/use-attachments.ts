// The optional image and PDF of the next message (chat agent, reasoning): checked as docs/product-rules.md#validation
// says (an image type, else 'Please select a valid image file'; a PDF, else 'Please select a valid PDF file'; 10 MB
// each), read as data URLs for the API. The server checks type, size and magic bytes again.
import { useCallback, useState } from 'react';
import { ERROR_TEXTS } from '@act/contracts';
import { checkChatImageFile, checkPdfFile, readFileAsDataUrl } from '@act/host-sdk';
import type { Attachments } from '../reply-state';

export interface AttachedFile {
  name: string;
  dataUrl: string;
}

export type AttachmentKind = 'image' | 'pdf';

export interface AttachmentsState {
  image: AttachedFile | null;
  pdf: AttachedFile | null;
  /** The last refused file's reason (spec text), or why a control cannot be used. */
  error: string | null;
  attach(kind: AttachmentKind, file: File): Promise<void>;
  remove(kind: AttachmentKind): void;
  /** Shows why a file cannot be attached (e.g. the chosen model cannot read images). */
  refuse(reason: string): void;
  clear(): void;
}

export function useAttachments(): AttachmentsState {
  const [image, setImage] = useState<AttachedFile | null>(null);
  const [pdf, setPdf] = useState<AttachedFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  const attach = useCallback(async (kind: AttachmentKind, file: File) => {
    const problem = kind === 'image' ? checkChatImageFile(file) : checkPdfFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const dataUrl = await readFileAsDataUrl(
        file,
        kind === 'image' ? ERROR_TEXTS.ui.readImageFile : ERROR_TEXTS.validation.invalidPdf,
      );
      setError(null);
      (kind === 'image' ? setImage : setPdf)({ name: file.name, dataUrl });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : ERROR_TEXTS.ui.readImageFile);
    }
  }, []);

  const remove = useCallback((kind: AttachmentKind) => {
    (kind === 'image' ? setImage : setPdf)(null);
    setError(null);
  }, []);

  const clear = useCallback(() => {
    setImage(null);
    setPdf(null);
    setError(null);
  }, []);

  return { image, pdf, error, attach, remove, refuse: setError, clear };
}

/** The attached files as the sent turn shows them until the stored session gives their own URLs. */
export function sentAttachments(image: AttachedFile | null, pdf: AttachedFile | null): Attachments {
  return {
    ...(image ? { image: { name: image.name, url: image.dataUrl } } : {}),
    ...(pdf ? { pdf: { name: pdf.name } } : {}),
  };
}
