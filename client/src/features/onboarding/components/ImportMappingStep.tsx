import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { errorMessage } from '@client/lib/api';
import { importQueryKey, remapImport, type Import } from '../api/imports';
import { useFieldLabel } from './field-label';

type ImportMappingStepProps = {
  stored: Import;
  onBack: () => void;
  onPreviewed: () => void;
  /** Reads another sheet of the same workbook (a new import), when the file has several. */
  onSheet?: (sheet: string) => void;
  sheetPending?: boolean;
  sheetError?: unknown;
};

/**
 * Step 2: which column of the file goes to each field, as guessed from its headers (Spanish or
 * English), each changeable; an example value from the first row beside it.
 */
export function ImportMappingStep({ stored, onBack, onPreviewed, onSheet, sheetPending, sheetError }: ImportMappingStepProps) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const label = useFieldLabel();
  const sheetId = useId();
  const [mapping, setMapping] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(stored.fields.map(({ field }) => [field, stored.mapping[field] ?? null])),
  );
  const remap = useMutation({
    mutationFn: () => remapImport(stored.id, mapping),
    onSuccess: (updated) => {
      queryClient.setQueryData(importQueryKey(stored.id), updated);
      onPreviewed();
    },
  });
  const changed = stored.fields.some(({ field }) => (stored.mapping[field] ?? null) !== mapping[field]);
  const missing = stored.fields.filter(({ field, required }) => required && mapping[field] === null);
  const first = stored.rows[0];

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (missing.length) return;
    if (changed) remap.mutate();
    else onPreviewed();
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('steps.mapping')}>
      <p className="text-body-secondary">
        {t('mapping.intro', { file: stored.fileName, rows: stored.totals.rows })}
      </p>
      {stored.sheets && stored.sheets.length > 1 && onSheet && (
        <Form.Group className="mb-3" style={{ maxWidth: '20rem' }}>
          <Form.Label htmlFor={sheetId}>{t('mapping.sheet')}</Form.Label>
          <Form.Select id={sheetId} value={stored.sheet ?? ''} disabled={sheetPending} aria-busy={sheetPending} onChange={(event) => onSheet(event.target.value)}>
            {stored.sheets.map((sheet) => (
              <option key={sheet} value={sheet}>
                {sheet}
              </option>
            ))}
          </Form.Select>
          {Boolean(sheetError) && <div className="invalid-feedback d-block">{errorMessage(sheetError)}</div>}
        </Form.Group>
      )}
      <Table responsive className="align-middle" data-testid="import-mapping">
        <thead>
          <tr>
            <th scope="col">{t('mapping.field')}</th>
            <th scope="col">{t('mapping.column')}</th>
            <th scope="col">{t('mapping.example')}</th>
          </tr>
        </thead>
        <tbody>
          {stored.fields.map(({ field, required }) => {
            const column = mapping[field];
            const example = column === null ? '' : (first?.values[field] !== undefined && stored.mapping[field] === column ? first.values[field] : '');
            const unmapped = required && column === null;
            return (
              <tr key={field}>
                <th scope="row" className="fw-normal">
                  <label htmlFor={`map-${field}`}>{label(field)}</label>
                  {required && (
                    <Badge bg="light" text="dark" className="ms-2 border">
                      {t('mapping.required')}
                    </Badge>
                  )}
                </th>
                <td style={{ minWidth: '12rem' }}>
                  <Form.Select
                    id={`map-${field}`}
                    size="sm"
                    value={column ?? ''}
                    isInvalid={unmapped}
                    aria-invalid={unmapped}
                    aria-describedby={unmapped ? `map-${field}-error` : undefined}
                    onChange={(event) => setMapping((old) => ({ ...old, [field]: event.target.value === '' ? null : Number(event.target.value) }))}
                  >
                    <option value="">{t('mapping.none')}</option>
                    {stored.columns.map((header, index) => (
                      <option key={index} value={index}>
                        {header || t('mapping.unnamed', { n: index + 1 })}
                      </option>
                    ))}
                  </Form.Select>
                  {unmapped && (
                    <div id={`map-${field}-error`} className="invalid-feedback d-block">
                      {t('mapping.requiredMissing')}
                    </div>
                  )}
                </td>
                <td className="text-body-secondary small text-truncate" style={{ maxWidth: '14rem' }}>
                  {example}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {remap.isError && <Alert variant="danger">{errorMessage(remap.error)}</Alert>}
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" onClick={onBack} disabled={remap.isPending}>
          {t('mapping.back')}
        </Button>
        <SubmitButton pending={remap.isPending} pendingLabel={t('mapping.previewing')} disabled={missing.length > 0}>
          {t('mapping.preview')}
        </SubmitButton>
      </div>
    </Form>
  );
}
