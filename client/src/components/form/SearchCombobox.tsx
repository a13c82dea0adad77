import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { useFieldError } from './field-error';

export type ComboboxOption = {
  id: number;
  /** What the field shows once picked, and the first thing matched ("4B"). */
  label: string;
  /** A second line under the label in the list ("Ana Alba, Bruno Brito"); matched too. */
  detail?: string;
};

type SearchComboboxProps = {
  id: string;
  label: ReactNode;
  options: ComboboxOption[] | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
  placeholder?: string;
  /** Said in the list when nothing matches what was typed. */
  noMatches: string;
  busy?: boolean;
  error?: { message?: string };
  className?: string;
  /** How many matches the list shows at most. */
  limit?: number;
};

/** Lower case, without accents: "José" is found by "jose". */
const folded = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The options matching every typed word (in the label or the detail); labels starting with the text first. */
export function matchOptions(options: ComboboxOption[], query: string) {
  const text = folded(query.trim());
  if (!text) return options;
  const words = text.split(/\s+/);
  const matching = options.filter((option) => {
    const haystack = folded(`${option.label} ${option.detail ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
  const starts = (option: ComboboxOption) => (folded(option.label).startsWith(text) ? 0 : 1);
  return matching.map((option, index) => ({ option, index })).sort((a, b) => starts(a.option) - starts(b.option) || a.index - b.index).map(({ option }) => option);
}

/**
 * A search field that picks one option (WAI-ARIA combobox with a listbox): type part of a
 * label or detail, move with the arrows, pick with Enter or a tap; Escape closes the list.
 */
export function SearchCombobox({ id, label, options, value, onChange, placeholder, noMatches, busy, error, className = 'mb-3', limit = 8 }: SearchComboboxProps) {
  const listId = useId();
  const message = useFieldError(error);
  const picked = options?.find((option) => option.id === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const text = query ?? picked?.label ?? '';
  const matches = useMemo(() => matchOptions(options ?? [], query ?? '').slice(0, limit), [options, query, limit]);
  const expanded = open && (matches.length > 0 || Boolean(query));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: ComboboxOption) => {
    onChange(option.id);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (matches.length ? (index + step + matches.length) % matches.length : 0));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <Form.Group className={`${className} position-relative`} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="position-relative">
        <Form.Control
          type="search"
          role="combobox"
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && matches[active] ? optionId(active) : undefined}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${id}-error` : undefined}
          isInvalid={Boolean(message)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
            if (value !== null) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setQuery(null);
          }}
          onKeyDown={onKeyDown}
        />
        {busy && <Spinner animation="border" size="sm" className="position-absolute top-50 end-0 translate-middle" aria-hidden />}
      </div>
      <ul id={listId} role="listbox" aria-label={typeof label === 'string' ? label : undefined} className={`list-group position-absolute w-100 shadow-sm mt-1 ${expanded ? '' : 'd-none'}`} style={{ zIndex: 1050, maxHeight: '18rem', overflowY: 'auto' }}>
        {matches.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`list-group-item list-group-item-action py-2 ${index === active ? 'active' : ''}`}
            style={{ cursor: 'pointer' }}
            // Keeps the focus in the field so a tap or click picks before the blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(option)}
          >
            <div className="fw-semibold">{option.label}</div>
            {option.detail && <div className={`small ${index === active ? '' : 'text-body-secondary'}`}>{option.detail}</div>}
          </li>
        ))}
        {expanded && matches.length === 0 && (
          <li className="list-group-item text-body-secondary" role="option" aria-disabled aria-selected={false}>
            {noMatches}
          </li>
        )}
      </ul>
      {message && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`} className="d-block">
          {message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
