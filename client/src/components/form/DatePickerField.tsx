import { CalendarDays } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { DayPicker } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';
import { es } from 'react-day-picker/locale/es';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { useDateLocale, useFormatDate } from '@client/lib/format';
import { TIME_ZONE } from '@shared/time';
import { useFieldError } from './field-error';
import './date-picker.css';

type DatePickerFieldProps = {
  label: ReactNode;
  value: Date | null | undefined;
  /**
   * The picked day at its midnight in the organization's zone, a TZDate whose date-fns arithmetic
   * stays in that zone (callers map it, e.g. to the end of that day), or null when cleared.
   */
  onChange: (day: Date | null) => void;
  onBlur?: () => void;
  error?: { message?: string };
  /** Days before this one cannot be picked. */
  minDate?: Date | null;
  /** The button's text while there is no date. */
  placeholder?: string;
  /** With it, a button removes the date (an optional date). */
  clearLabel?: string;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
};

/**
 * A date of a form, picked on a calendar (react-day-picker) that opens below the field, so it
 * works inside dialogs and on phones. Its days are the organization's (shared/time.ts), whatever
 * the browser's zone. Spanish weeks start on Monday, English ones on Sunday;
 * Escape or a pick closes it and gives the focus back to the field.
 */
export function DatePickerField({
  label,
  value,
  onChange,
  onBlur,
  error,
  minDate,
  placeholder = '',
  clearLabel,
  hint,
  className = 'mb-3',
  disabled,
}: DatePickerFieldProps) {
  const id = useId();
  const { i18n } = useTranslation();
  const dateLocale = useDateLocale();
  const formatDate = useFormatDate();
  const message = useFieldError(error);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
    onBlur?.();
  };
  const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <Form.Group className={className}>
      <Form.Label id={`${id}-label`} htmlFor={`${id}-button`}>
        {label}
      </Form.Label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button
          ref={button}
          type="button"
          id={`${id}-button`}
          className={`form-control d-flex align-items-center gap-2 text-start w-auto flex-grow-1 ${message ? 'is-invalid' : ''}`}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-describedby={describedBy}
          aria-invalid={Boolean(message)}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          disabled={disabled}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <CalendarDays size={18} aria-hidden className="text-body-secondary flex-shrink-0" />
          <span id={`${id}-value`} className={value ? '' : 'text-body-secondary'}>
            {value ? formatDate(value, 'day') : placeholder}
          </span>
        </button>
        {clearLabel && value && !disabled && (
          <Button variant="link" size="sm" className="px-1" onClick={() => onChange(null)}>
            {clearLabel}
          </Button>
        )}
      </div>
      {open && (
        <div
          id={`${id}-calendar`}
          role="group"
          aria-labelledby={`${id}-label`}
          className="vec-date-picker d-inline-block border rounded-3 bg-body mt-2 p-2"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation(); // closes the calendar, not the dialog around it
            close();
          }}
        >
          <DayPicker
            mode="single"
            timeZone={TIME_ZONE}
            required
            autoFocus
            selected={value ?? undefined}
            defaultMonth={value ?? minDate ?? undefined}
            onSelect={(day) => {
              onChange(day);
              close();
            }}
            disabled={minDate ? { before: minDate } : undefined}
            locale={i18n.language === 'en' ? enUS : es}
            weekStartsOn={dateLocale.options?.weekStartsOn}
          />
        </div>
      )}
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`} className={message ? 'd-block' : undefined}>
        {message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
