import { Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Import, ImportRow } from '../api/imports';
import { useFieldLabel } from './field-label';

/**
 * The rows of a preview: the file's line, the outcome, each mapped field's value; a field in
 * error is marked (colour and text, for screen readers too) with the reason, and so is its row.
 */
export function ImportRowsTable({ stored, rows }: { stored: Import; rows: ImportRow[] }) {
  const { t } = useTranslation('onboarding');
  const label = useFieldLabel();
  const fields = stored.fields.filter(({ field }) => stored.mapping[field] !== null && stored.mapping[field] !== undefined);
  if (!rows.length) return <p className="text-body-secondary">{t('preview.noRows')}</p>;
  return (
    // Wider than a phone: the table scrolls sideways in its own region, reachable by keyboard.
    <div className="table-responsive mb-2" tabIndex={0} role="region" aria-label={t('preview.tableLabel')}>
    <Table size="sm" className="vec-import-table align-middle mb-0" data-testid="import-rows">
      <thead>
        <tr>
          <th scope="col">{t('preview.line')}</th>
          <th scope="col">{t('preview.outcome')}</th>
          {fields.map(({ field }) => (
            <th scope="col" key={field}>
              {label(field)}
            </th>
          ))}
          <th scope="col">{t('preview.otherErrors')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const errors = row.errors ?? {};
          const shownFields = new Set(fields.map(({ field }) => field));
          const other = Object.entries(errors).filter(([field]) => !shownFields.has(field));
          return (
            <tr key={row.row} className={row.outcome === 'error' ? 'table-danger' : undefined} data-testid="import-row" data-line={row.row}>
              <th scope="row">{row.row}</th>
              <td>
                <OutcomeBadge outcome={row.outcome} />
              </td>
              {fields.map(({ field }) => {
                const error = errors[field];
                return (
                  <td key={field} className={error ? 'vec-import-cell-error' : undefined} data-field={field}>
                    <span className={error ? 'text-decoration-underline text-danger-emphasis' : undefined}>{row.values[field]}</span>
                    {error && (
                      <div className="small text-danger-emphasis fw-semibold" data-testid="import-cell-error">
                        <span className="visually-hidden">{t('preview.errorIn', { field: label(field) })} </span>
                        {error}
                      </div>
                    )}
                  </td>
                );
              })}
              <td className={other.length ? 'vec-import-cell-error small text-danger-emphasis' : undefined}>
                {other.map(([field, message]) => (
                  <div key={field}>
                    {label(field)}: {message}
                  </div>
                ))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
    </div>
  );
}

/** An outcome's badge. */
export function OutcomeBadge({ outcome }: { outcome: Import['rows'][number]['outcome'] }) {
  const { t } = useTranslation('onboarding');
  const bg = { create: 'success', update: 'primary', unchanged: 'secondary', error: 'danger' }[outcome];
  return (
    <Badge bg={bg} data-testid="import-outcome">
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}
