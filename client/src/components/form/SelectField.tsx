import { useId, type ComponentProps, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useFieldError } from './field-error';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  options: SelectOption[];
  placeholder?: string;
  error?: { message?: string };
  hint?: ReactNode;
  className?: string;
} & Omit<ComponentProps<typeof Form.Select>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'isInvalid'>;

/** A labelled select of a react-hook-form form; `placeholder` adds an empty first option. */
export function SelectField({ label, registration, options, placeholder, error, hint, className = 'mb-3', id, ...select }: SelectFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const message = useFieldError(error);
  const describedBy = [hint && `${controlId}-hint`, message && `${controlId}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        {...select}
        {...registration}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-describedby={describedBy}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
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
