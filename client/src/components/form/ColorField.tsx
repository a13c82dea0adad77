import { TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldError } from '@client/components/form/field-error';
import { isHexColor } from '@client/lib/colors';

type ColorFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: ReactNode;
  /** The accessible name of the colour picker (the text input is named by `label`). */
  pickerLabel: string;
  /** What the picker shows while the text is empty or not a colour. */
  fallback?: string;
  hint?: ReactNode;
  /** A caution about the colour (shown under the field, read with it). */
  warning?: ReactNode;
  className?: string;
};

/**
 * A brand colour of a react-hook-form form: a colour picker (its swatch) and the #RRGGBB text,
 * both editing the same value. The text is the field (it may be left empty where the schema
 * allows); the picker follows it whenever it holds a valid colour.
 */
export function ColorField<T extends FieldValues>({ control, name, label, pickerLabel, fallback = '#000000', hint, warning, className = 'mb-3' }: ColorFieldProps<T>) {
  const id = useId();
  const {
    field: { ref, name: fieldName, value, onChange, onBlur, disabled },
    fieldState,
  } = useController({ control, name });
  const message = useFieldError(fieldState.error);
  const text = typeof value === 'string' ? value : '';
  const swatch = isHexColor(text) ? text.trim().toLowerCase() : fallback;
  const describedBy = [hint && `${id}-hint`, warning && `${id}-warning`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type="color"
          className="form-control-color vec-color-picker"
          value={swatch}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-label={pickerLabel}
          id={`${id}-picker`}
          disabled={disabled}
        />
        <Form.Control
          ref={ref}
          name={fieldName}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          placeholder="#RRGGBB"
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-monospace"
          isInvalid={Boolean(message)}
          aria-invalid={Boolean(message)}
          aria-describedby={describedBy}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {message}
        </Form.Control.Feedback>
      </InputGroup>
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      {warning && (
        <div id={`${id}-warning`} className="d-flex gap-1 align-items-start small text-warning-emphasis mt-1" data-testid="color-warning">
          <TriangleAlert size={16} aria-hidden className="flex-shrink-0 mt-1" />
          <span>{warning}</span>
        </div>
      )}
    </Form.Group>
  );
}
