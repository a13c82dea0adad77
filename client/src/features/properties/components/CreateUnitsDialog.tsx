import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Badge, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { toast } from '@client/components/toast/toast';
import { ApiError, errorMessage } from '@client/lib/api';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { bulkUnits, type BulkUnitsBody } from '../api/bulk-units';
import { refreshProperties } from '../api/save-property';

const PATTERNS = ['{floor}0{n}', '{floor}{letter}', '{floor}-{n}'] as const;

type Draft = { from: string; to: string; perFloor: string; pattern: string; prefix: string; equalShares: boolean };

const toBody = (draft: Draft): BulkUnitsBody => ({
  floors: { from: Number(draft.from), to: Number(draft.to) },
  perFloor: Number(draft.perFloor),
  pattern: draft.pattern,
  prefix: draft.prefix,
  equalShares: draft.equalShares,
});
const complete = (draft: Draft) => [draft.from, draft.to, draft.perFloor].every((value) => /^-?\d+$/.test(value.trim())) && draft.pattern.trim() !== '';

/**
 * "Crear unidades" (docs/modules/onboarding.md): floors from-to, units per floor, a numbering
 * pattern and prefix, equal shares optional. The numbers it would make show as they are typed
 * (the server's dry run); those the property has are marked and skipped.
 */
export function CreateUnitsDialog({ propertyId, show, onClose }: { propertyId: number; show: boolean; onClose: () => void }) {
  const { t } = useTranslation('properties');
  return (
    <FormDialog show={show} onClose={onClose} title={t('createUnits.title')}>
      <CreateUnitsForm propertyId={propertyId} onClose={onClose} />
    </FormDialog>
  );
}

function CreateUnitsForm({ propertyId, onClose }: { propertyId: number; onClose: () => void }) {
  const { t } = useTranslation('properties');
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ from: '1', to: '5', perFloor: '4', pattern: PATTERNS[0], prefix: '', equalShares: false });
  const body = useDebouncedValue(draft, 300);
  const ready = complete(body);
  const preview = useQuery({
    queryKey: ['units-bulk-preview', propertyId, body],
    queryFn: () => bulkUnits(propertyId, toBody(body), true),
    enabled: ready,
    retry: false,
  });
  const create = useMutation({ mutationFn: () => bulkUnits(propertyId, toBody(draft), false), onSuccess: () => refreshProperties(queryClient) });
  const error = create.error ?? preview.error;
  const fields = error instanceof ApiError ? error.fields : {};
  const fieldError = (...keys: string[]) => keys.map((key) => fields[key]).find(Boolean);
  const set = (key: keyof Draft) => (event: React.ChangeEvent<{ value: string }>) => setDraft((old) => ({ ...old, [key]: event.target.value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!complete(draft)) return;
    create.mutate(undefined, {
      onSuccess: (done) => {
        toast({ title: t('createUnits.done'), description: t('createUnits.doneDescription', { created: done.totals.create, skipped: done.totals.skip }), variant: 'success' });
        onClose();
      },
    });
  };

  const number = (key: 'from' | 'to' | 'perFloor', label: string, errorKeys: string[], min: number, max: number) => {
    const message = fieldError(...errorKeys);
    return (
      <Form.Group className="col-4" controlId={`${id}-${key}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={draft[key]}
          onChange={set(key)}
          isInvalid={Boolean(message)}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${id}-${key}-error` : undefined}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-${key}-error`}>
          {message}
        </Form.Control.Feedback>
      </Form.Group>
    );
  };

  const patternError = fieldError('pattern');
  const plan = preview.data;
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('createUnits.title')}>
      <Modal.Body>
        <div className="row g-2 mb-3">
          {number('from', t('createUnits.floorFrom'), ['floors.from', 'floors'], -10, 200)}
          {number('to', t('createUnits.floorTo'), ['floors.to'], -10, 200)}
          {number('perFloor', t('createUnits.perFloor'), ['perFloor'], 1, 26)}
        </div>
        <div className="row g-2 mb-3">
          <Form.Group className="col-sm-7" controlId={`${id}-pattern`}>
            <Form.Label>{t('createUnits.pattern')}</Form.Label>
            <Form.Control
              list={`${id}-patterns`}
              value={draft.pattern}
              onChange={set('pattern')}
              isInvalid={Boolean(patternError)}
              aria-invalid={Boolean(patternError)}
              aria-describedby={`${id}-pattern-help${patternError ? ` ${id}-pattern-error` : ''}`}
              autoComplete="off"
            />
            <datalist id={`${id}-patterns`}>
              {PATTERNS.map((pattern) => (
                <option key={pattern} value={pattern} />
              ))}
            </datalist>
            <Form.Text id={`${id}-pattern-help`}>{t('createUnits.patternHelp')}</Form.Text>
            <Form.Control.Feedback type="invalid" id={`${id}-pattern-error`}>
              {patternError}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-sm-5" controlId={`${id}-prefix`}>
            <Form.Label>{t('createUnits.prefix')}</Form.Label>
            <Form.Control value={draft.prefix} onChange={set('prefix')} maxLength={20} placeholder={t('createUnits.prefixPlaceholder')} isInvalid={Boolean(fieldError('prefix'))} />
            <Form.Control.Feedback type="invalid">{fieldError('prefix')}</Form.Control.Feedback>
          </Form.Group>
        </div>
        <Form.Check
          id={`${id}-shares`}
          className="mb-3"
          label={t('createUnits.equalShares')}
          checked={draft.equalShares}
          onChange={(event) => setDraft((old) => ({ ...old, equalShares: event.target.checked }))}
        />
        <section aria-labelledby={`${id}-preview`} aria-live="polite" aria-busy={preview.isFetching}>
          <h3 id={`${id}-preview`} className="h6">
            {t('createUnits.preview')}
          </h3>
          {!ready && <p className="small text-body-secondary mb-0">{t('createUnits.fillIn')}</p>}
          {ready && preview.isPending && <p className="small text-body-secondary mb-0">{t('createUnits.previewing')}</p>}
          {preview.isError && !Object.keys(fields).length && <Alert variant="danger" className="small mb-0">{errorMessage(preview.error)}</Alert>}
          {plan && (
            <>
              <p className="small mb-2" data-testid="bulk-totals">
                {t('createUnits.totals', { create: plan.totals.create, skip: plan.totals.skip })}
                {plan.share !== null && ` ${t('createUnits.shareEach', { share: plan.share })}`}
              </p>
              <ul className="vec-bulk-numbers list-unstyled d-flex flex-wrap gap-1 mb-0" style={{ maxHeight: '12rem', overflowY: 'auto' }} aria-label={t('createUnits.numbers')} data-testid="bulk-numbers">
                {plan.units.map((unit) => (
                  <li key={`${unit.unitNumber}-${unit.floor}`}>
                    <Badge bg={unit.outcome === 'create' ? 'success' : 'secondary'} className="fw-normal" data-outcome={unit.outcome}>
                      {unit.unitNumber}
                      {unit.outcome === 'skip' && <span> ({t('createUnits.exists')})</span>}
                    </Badge>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        {create.isError && !Object.keys(fields).length && (
          <Alert variant="danger" className="mt-3 mb-0">
            {errorMessage(create.error)}
          </Alert>
        )}
      </Modal.Body>
      <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={plan ? t('createUnits.submit', { count: plan.totals.create }) : t('createUnits.submitPlain')} />
    </Form>
  );
}
