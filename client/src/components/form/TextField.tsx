import { useId, type ComponentProps, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useFieldError } from './field-error';

type TextFieldProps = {
  label: ReactNode;
  /** The react-hook-form field, or the name of a plain form's input (the sign-in form). */
  registration: UseFormRegisterReturn | { name: string };
  error?: { message?: string };
  hint?: ReactNode;
  className?: string;
  /** A multi-line field (with `rows`). */
  as?: 'textarea';
  rows?: number;
} & Omit<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'className'>;

/**
 * A labelled input of a form, with its message (in the current language). Bootstrap's own
 * markup and classes (what react-bootstrap's Form.* render): it is on the sign-in page.
 */
export function TextField({ label, registration, error, hint, className = 'mb-3', id, as, ...input }: TextFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const message = useFieldError(error);
  const describedBy = [hint && `${controlId}-hint`, message && `${controlId}-error`].filter(Boolean).join(' ') || undefined;
  const control = {
    ...registration,
    id: controlId,
    className: `form-control${message ? ' is-invalid' : ''}`,
    'aria-invalid': Boolean(message),
    'aria-describedby': describedBy,
  };
  return (
    <div className={className}>
      <label className="form-label" htmlFor={controlId}>
        {label}
      </label>
      {as === 'textarea' ? <textarea {...(input as ComponentProps<'textarea'>)} {...control} /> : <input {...input} {...control} />}
      {hint && (
        <small id={`${controlId}-hint`} className="form-text d-block">
          {hint}
        </small>
      )}
      <div className="invalid-feedback" id={`${controlId}-error`}>
        {message}
      </div>
    </div>
  );
}
