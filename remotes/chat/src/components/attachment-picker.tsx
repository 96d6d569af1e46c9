// Attach image / Attach PDF buttons (each opens a file chooser) and the chips of the attached files with Remove, plus
// the refusal text of a file that does not qualify. A control the chosen model cannot use stays visible but says why
// (its tooltip and description, and the refusal line when pressed) instead of opening a chooser.
import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { IMAGE_ACCEPT, PDF_ACCEPT } from '@act/host-sdk';
import type { AttachmentKind, AttachmentsState } from '../hooks/use-attachments';
import './attachment-picker.css';

const T = UI_TEXTS.chat;

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
