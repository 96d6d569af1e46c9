// Labelled text inputs with hint and error lines wired to aria-describedby, shared by every form.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends FieldChrome, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={['act-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="act-label">
        {label}
      </label>
      <input
        id={id}
        className="act-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      {hint && (
        <span id={`${id}-hint`} className="act-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="act-field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export interface TextAreaProps extends FieldChrome, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, hint, error, className, ...area }: TextAreaProps) {
  const id = useId();
  return (
    <div className={['act-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="act-label">
        {label}
      </label>
      <textarea
        id={id}
        className="act-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...area}
      />
      {hint && (
        <span id={`${id}-hint`} className="act-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="act-field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
