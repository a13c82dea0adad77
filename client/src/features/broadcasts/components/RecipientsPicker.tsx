import { useId, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@client/components/form/field-error';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { formatList } from '@client/lib/format';
import { MAX_BROADCAST_PROPERTIES } from '@shared/schemas/broadcasts';
import { usePropertyChoices, type BroadcastProperty } from '../api/get-broadcast-properties';

type RecipientsPickerProps = {
  /** The properties chosen, in the order chosen. */
  value: BroadcastProperty[];
  onChange: (value: BroadcastProperty[]) => void;
  error?: { message?: string };
};

/** "Enviar a": the buildings a new notice goes to, one or several, each named; a search when there are many. */
export function RecipientsPicker({ value, onChange, error }: RecipientsPickerProps) {
  const { t, i18n } = useTranslation('broadcasts');
  const id = useId();
  const message = useFieldError(error);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const choices = usePropertyChoices({ q: q || undefined, limit: MAX_BROADCAST_PROPERTIES });
  const listed = choices.data?.items ?? [];
  const searchable = Boolean(search) || (choices.data ? choices.data.total > listed.length : false);
  // A chosen property that the search leaves out stays on the list, first.
  const options = [...value.filter((chosen) => !listed.some((property) => property.id === chosen.id)), ...listed];
  const checked = new Set(value.map((property) => property.id));
  const toggle = (property: BroadcastProperty, on: boolean) => onChange(on ? [...value, property] : value.filter((other) => other.id !== property.id));
  const names = formatList(value.map((property) => property.name), i18n.language === 'en' ? 'en' : 'es');

  return (
    <fieldset className={`border rounded-3 p-3 mb-3 ${message ? 'border-danger' : ''}`} aria-describedby={`${id}-summary${message ? ` ${id}-error` : ''}`}>
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-2">{t('form.recipients')}</legend>
      {searchable && (
        <Form.Control
          type="search"
          size="sm"
          className="mb-2"
          value={search}
          placeholder={t('property.searchPlaceholder')}
          aria-label={t('property.search')}
          onChange={(event) => setSearch(event.target.value)}
        />
      )}
      <div aria-busy={choices.isFetching} style={{ maxHeight: '14rem', overflowY: 'auto' }}>
        {choices.isPending ? (
          <Spinner size="sm" role="status" aria-label={t('common:status.loading')} />
        ) : choices.isError ? (
          <small className="text-danger">{t('property.loadError')}</small>
        ) : options.length ? (
          options.map((property) => (
            <Form.Check
              key={property.id}
              id={`${id}-property-${property.id}`}
              type="checkbox"
              checked={checked.has(property.id)}
              onChange={(event) => toggle(property, event.target.checked)}
              label={
                <>
                  {property.name}
                  {property.address && <small className="text-body-secondary d-block">{property.address}</small>}
                </>
              }
            />
          ))
        ) : (
          <small className="text-body-secondary">{t('property.noMatches')}</small>
        )}
      </div>
      <p id={`${id}-summary`} className="small fw-semibold mb-0 mt-2" aria-live="polite" data-testid="broadcast-recipients">
        {value.length ? t('form.recipientsSummary', { names }) : t('form.noRecipients')}
      </p>
      {message && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {message}
        </div>
      )}
    </fieldset>
  );
}
