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

/** The ARIA wiring a control needs so its label, hint and error line are announced with it. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  chrome: FieldChrome & { className?: string };
  control: (wiring: ControlWiring) => ReactNode;
}

// One frame for every field kind, so inputs and textareas share label, hint and error markup exactly.
function FieldFrame({ chrome: { label, hint, error, className }, control }: FieldFrameProps) {
  const id = useId();
  return (
    <div className={['act-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="act-label">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(id, hint, error),
      })}
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

export interface TextFieldProps extends FieldChrome, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  const control = (wiring: ControlWiring) => <input {...wiring} className="act-input" {...input} />;
  return <FieldFrame chrome={{ label, hint, error, className }} control={control} />;
}

export interface TextAreaProps extends FieldChrome, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, hint, error, className, ...area }: TextAreaProps) {
  const control = (wiring: ControlWiring) => <textarea {...wiring} className="act-textarea" {...area} />;
  return <FieldFrame chrome={{ label, hint, error, className }} control={control} />;
}
