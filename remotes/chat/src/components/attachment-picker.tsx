// Attach image / Attach PDF buttons (each opens a file chooser) and the chips of the attached files with Remove, plus
// the refusal text of a file that does not qualify.
import { useRef, type ChangeEvent } from 'react';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { IMAGE_ACCEPT, PDF_ACCEPT } from '@act/host-sdk';
import type { AttachmentKind, AttachmentsState } from '../hooks/use-attachments';

const T = UI_TEXTS.chat;

export function AttachmentButtons({
  attachments,
  disabled,
}: {
  attachments: AttachmentsState;
  disabled?: boolean;
}) {
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
      <button
        type="button"
        className="act-icon-btn ch-attach"
        aria-label={T.attachImage}
        title={T.attachImage}
        disabled={disabled}
        onClick={() => imageInput.current?.click()}
      >
        <ImageIcon size={17} aria-hidden />
      </button>
      <button
        type="button"
        className="act-icon-btn ch-attach"
        aria-label={T.attachPdf}
        title={T.attachPdf}
        disabled={disabled}
        onClick={() => pdfInput.current?.click()}
      >
        <Paperclip size={17} aria-hidden />
      </button>
      <input
        ref={imageInput}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        data-testid="attach-image-input"
        onChange={onPick('image')}
      />
      <input
        ref={pdfInput}
        type="file"
        accept={PDF_ACCEPT}
        hidden
        data-testid="attach-pdf-input"
        onChange={onPick('pdf')}
      />
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
