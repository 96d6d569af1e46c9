// The optional image and PDF of the next message (chat agent, reasoning): the Attach image / Attach PDF buttons (each
// opens a file chooser), the chips of the attached files with Remove, and the refusal text of a file that does not
// qualify. A control the chosen model cannot use stays visible but says why (its tooltip and description, and the
// refusal line when pressed) instead of opening a chooser. `useAttachments` checks a file as
// docs/product-rules.md#validation says (an image type, else 'Please select a valid image file'; a PDF, else 'Please
// select a valid PDF file'; 10 MB each) and reads it as a data URL for the API; the server checks type, size and
// magic bytes again.
import { useCallback, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { IMAGE_ACCEPT, PDF_ACCEPT, checkChatImageFile, checkPdfFile, readFileAsDataUrl } from '@act/host-sdk';
import type { Attachments } from '../reply-state';
import './attachment-picker.css';

const T = UI_TEXTS.chat;

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

/** One attach button: opens its chooser, or, when `refusal` says why it cannot be used, shows that reason instead. */
function AttachButton({
  label,
  icon,
  refusal,
  disabled,
  onOpen,
  onRefuse,
}: {
  label: string;
  icon: ReactNode;
  refusal: string | undefined;
  disabled: boolean | undefined;
  onOpen(): void;
  onRefuse(reason: string): void;
}) {
  const reasonId = useId();
  return (
    <>
      <button
        type="button"
        className="act-icon-btn ch-attach"
        aria-label={label}
        title={refusal ?? label}
        disabled={disabled}
        aria-disabled={refusal ? true : undefined}
        aria-describedby={refusal ? reasonId : undefined}
        data-unavailable={refusal ? true : undefined}
        onClick={() => (refusal ? onRefuse(refusal) : onOpen())}
      >
        {icon}
      </button>
      {refusal && (
        <span id={reasonId} className="act-sr-only">
          {refusal}
        </span>
      )}
    </>
  );
}

export interface AttachmentButtonsProps {
  attachments: AttachmentsState;
  disabled?: boolean;
  /** Why images cannot be attached (the chosen model cannot read them); absent when they can. */
  imageRefusal?: string;
  /** Why PDFs cannot be attached; absent when they can. */
  pdfRefusal?: string;
}

export function AttachmentButtons({
  attachments,
  disabled,
  imageRefusal,
  pdfRefusal,
}: AttachmentButtonsProps) {
  const imageInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const onPick = (kind: AttachmentKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a Remove.
    event.target.value = '';
    if (file) void attachments.attach(kind, file);
  };
  return (
    <>
      <AttachButton
        label={T.attachImage}
        icon={<ImageIcon size={17} aria-hidden />}
        refusal={imageRefusal}
        disabled={disabled}
        onOpen={() => imageInput.current?.click()}
        onRefuse={attachments.refuse}
      />
      <AttachButton
        label={T.attachPdf}
        icon={<Paperclip size={17} aria-hidden />}
        refusal={pdfRefusal}
        disabled={disabled}
        onOpen={() => pdfInput.current?.click()}
        onRefuse={attachments.refuse}
      />
      {!imageRefusal && (
        <input
          ref={imageInput}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="attach-image-input"
          onChange={onPick('image')}
        />
      )}
      {!pdfRefusal && (
        <input
          ref={pdfInput}
          type="file"
          accept={PDF_ACCEPT}
          hidden
          data-testid="attach-pdf-input"
          onChange={onPick('pdf')}
        />
      )}
    </>
  );
}

export function AttachmentChips({ attachments }: { attachments: AttachmentsState }) {
  const files = [
    attachments.image && { kind: 'image' as const, name: attachments.image.name },
    attachments.pdf && { kind: 'pdf' as const, name: attachments.pdf.name },
  ].filter((file) => !!file);
  if (files.length === 0 && !attachments.error) return null;
  return (
    <div className="ch-attachments">
      {files.map((file) => (
        <span key={file.kind} className="ch-chip" data-testid={`attached-${file.kind}`}>
          {file.kind === 'image' ? <ImageIcon size={14} aria-hidden /> : <FileText size={14} aria-hidden />}
          <span className="ch-chip__name">{file.name}</span>
          <button
            type="button"
            className="ch-chip__remove"
            aria-label={`${T.attachmentRemove}: ${file.name}`}
            onClick={() => attachments.remove(file.kind)}
          >
            <X size={12} aria-hidden />
          </button>
        </span>
      ))}
      {attachments.error && (
        <p className="ch-attachments__error" role="alert">
          {attachments.error}
        </p>
      )}
    </div>
  );
}
