import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@client/components/form/field-error';

import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { usePropertyOption, usePropertyOptions } from '@client/lib/property-options';
type PropertySelectProps = {
  label: string;
  value: number | null;
  onChange: (propertyId: number | null) => void;
  /** The empty choice ("Todas las propiedades", "Seleccione una propiedad"). */
  emptyLabel: string;
  error?: { message?: string };
  onBlur?: () => void;
  className?: string;
  size?: 'sm';
};

/**
 * A property of those the user may read, by name. With more than a page of them a search box
 * narrows the choices (the server searches name and address).
 */
export function PropertySelect({ label, value, onChange, emptyLabel, error, onBlur, className = 'mb-3', size }: PropertySelectProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const message = useFieldError(error);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const options = usePropertyOptions(q);
  const items = options.data?.items ?? [];
  // A chosen property that the search leaves out stays a choice.
  const chosen = usePropertyOption(value !== null && !items.some((item) => item.id === value) ? value : null);
  const choices = chosen.data ? [{ id: chosen.data.id, name: chosen.data.name }, ...items] : items;
  const many = Boolean(search) || (options.data ? options.data.total > options.data.items.length : false);

  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={id} className={size === 'sm' ? 'small mb-1' : undefined}>
        {label}
      </Form.Label>
      {many && (
        <Form.Control
          type="search"
          size={size}
          className="mb-2"
          value={search}
          placeholder={t('propertySelect.search')}
          aria-label={t('propertySelect.searchLabel')}
          onChange={(event) => setSearch(event.target.value)}
        />
      )}
      <Form.Select
        id={id}
        size={size}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        onBlur={onBlur}
        isInvalid={Boolean(message)}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        aria-busy={options.isFetching}
      >
        <option value="">{options.isError ? t('propertySelect.loadError') : emptyLabel}</option>
        {choices.map((property) => (
          <option key={property.id} value={property.id}>
            {property.name}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
