import { useId, type ComponentProps, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useFieldError } from './field-error';

type TextFieldProps = {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: { message?: string };
  hint?: ReactNode;
  className?: string;
} & Omit<ComponentProps<typeof Form.Control>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'isInvalid'>;

/** A labelled input of a react-hook-form form, with its message (in the current language). */
export function TextField({ label, registration, error, hint, className = 'mb-3', id, ...input }: TextFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const message = useFieldError(error);
  const describedBy = [hint && `${controlId}-hint`, message && `${controlId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control {...input} {...registration} isInvalid={Boolean(message)} aria-invalid={Boolean(message)} aria-describedby={describedBy} />
      {hint && (
        <Form.Text id={`${controlId}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${controlId}-error`}>
        {message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
