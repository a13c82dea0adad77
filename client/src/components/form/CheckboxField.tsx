import { useId, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useFieldError } from './field-error';

type CheckboxFieldProps = {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: { message?: string };
  type?: 'checkbox' | 'switch';
  description?: ReactNode;
  className?: string;
  disabled?: boolean;
};

/** A checkbox (or switch) of a react-hook-form form, with its message. */
export function CheckboxField({ label, registration, error, type = 'checkbox', description, className = 'mb-3', disabled }: CheckboxFieldProps) {
  const id = useId();
  const message = useFieldError(error);
  return (
    <Form.Group className={className}>
      <Form.Check type={type} id={id}>
        <Form.Check.Input
          type="checkbox"
          {...registration}
          disabled={disabled}
          isInvalid={Boolean(message)}
          aria-invalid={Boolean(message)}
          aria-describedby={[description && `${id}-description`, message && `${id}-error`].filter(Boolean).join(' ') || undefined}
        />
        <Form.Check.Label>{label}</Form.Check.Label>
        {description && (
          <Form.Text id={`${id}-description`} className="d-block">
            {description}
          </Form.Text>
        )}
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {message}
        </Form.Control.Feedback>
      </Form.Check>
    </Form.Group>
  );
}
