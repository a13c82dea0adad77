import { zodResolver } from '@client/components/form/zod-resolver';
import { useState } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { PropertyUnitFields } from '@client/components/form/PropertyUnitFields';
import { usePropertyUnitControl } from '@client/components/form/use-property-unit-control';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { useFieldError } from '@client/components/form/field-error';
import { toast } from '@client/components/toast/toast';
import { VISIT_TYPES } from '@shared/enums';
import { VisitorCreateSchema } from '@shared/schemas/visitors';
import { TIME_ZONE, dayOf, fromWallClockInput, nextMinuteToday, wallClockInput } from '@shared/time';
import { useCreateVisitor, useHostUnits, type VisitorView } from '../api/visitors';

type Input = z.input<typeof VisitorCreateSchema>;
type Output = z.output<typeof VisitorCreateSchema>;
const FIELDS = ['propertyId', 'unitId', 'name', 'email', 'phone', 'purpose', 'visitType', 'expectedArrival', 'expectedDeparture', 'recurrence', 'recurrence.until', 'recurrence.weekdays', 'vehiclePlate', 'notes'] as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The organization's zone as people name it: "Santo Domingo". */
const ZONE_NAME = TIME_ZONE.split('/').pop()!.replaceAll('_', ' ');
/** A nanny's pass: Monday to Friday for a month. */
const defaultRecurrence = () => ({ until: dayOf(new Date(Date.now() + 30 * 86_400_000)), weekdays: [1, 2, 3, 4, 5] });

/** "Registrar visitante": unit, visitor, one-time or recurring (weekdays, until), plate and notes for the desk. */
export function PassDialog({ show, onClose, onCreated }: { show: boolean; onClose: () => void; onCreated: (visitor: VisitorView) => void }) {
  const { t } = useTranslation('visitors');
  return (
    <FormDialog show={show} onClose={onClose} title={t('form.title')}>
      <PassForm onClose={onClose} onCreated={onCreated} />
    </FormDialog>
  );
}

function PassForm({ onClose, onCreated }: { onClose: () => void; onCreated: (visitor: VisitorView) => void }) {
  const { t } = useTranslation('visitors');
  const create = useCreateVisitor();
  const [kind, setKind] = useState<'one-time' | 'recurring'>('one-time');
  // The arrival shown is the one saved: the field starts with it, and the form reads it from the
  // field (a Date given to the form would be written into the input, which refuses it).
  const [arrival] = useState(() => wallClockInput(nextMinuteToday()));
  const { register, control, handleSubmit, setError, setValue, formState: { errors } } = useForm<Input, unknown, Output>({
    resolver: zodResolver(VisitorCreateSchema),
    defaultValues: { propertyId: '' as unknown as number, unitId: '' as unknown as number, name: '', visitType: 'guest', recurrence: null },
  });
  const picked = usePropertyUnitControl(control);
  const units = useHostUnits(picked.propertyId);
  const chooseKind = (value: 'one-time' | 'recurring') => {
    setKind(value);
    setValue('recurrence', value === 'recurring' ? defaultRecurrence() : null);
  };
  const recurrenceError = useFieldError(errors.recurrence?.weekdays ?? errors.recurrence?.until ?? (errors.recurrence as { message?: string } | undefined));

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      {
        ...values,
        expectedArrival: values.expectedArrival.toISOString(),
        expectedDeparture: values.expectedDeparture?.toISOString() ?? null,
      },
      {
        onSuccess: (created) => {
          toast({ title: t('form.created'), description: t('form.createdDescription'), variant: 'success' });
          onClose();
          onCreated(created);
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.action')),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        <PropertyUnitFields
          {...picked}
          labels={{ property: t('form.property'), chooseProperty: t('form.chooseProperty'), unit: t('form.unit'), chooseUnit: t('form.chooseUnit') }}
          units={units.data}
          unitsLoading={units.isFetching}
          pickOnlyProperty
          pickOnlyUnit
        />
        <TextField label={t('form.name')} placeholder={t('form.namePlaceholder')} registration={register('name')} error={errors.name} maxLength={100} autoComplete="off" />
        <div className="row g-2">
          <div className="col-sm-6">
            <TextField label={t('form.phone')} type="tel" registration={register('phone')} error={errors.phone} maxLength={30} />
          </div>
          <div className="col-sm-6">
            <SelectField label={t('form.type')} registration={register('visitType')} options={VISIT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} error={errors.visitType} />
          </div>
        </div>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">{t('form.kind')}</legend>
          <div className="d-flex flex-wrap gap-3">
            {(['one-time', 'recurring'] as const).map((value) => (
              <Form.Check
                key={value}
                type="radio"
                id={`pass-kind-${value}`}
                name="passKind"
                label={t(value === 'one-time' ? 'form.oneTime' : 'form.recurring')}
                checked={kind === value}
                onChange={() => chooseKind(value)}
              />
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('form.arrival')}
          type="datetime-local"
          registration={register('expectedArrival', { setValueAs: fromWallClockInput })}
          defaultValue={arrival}
          hint={t('form.arrivalHint', { zone: ZONE_NAME })}
          error={errors.expectedArrival}
        />
        {kind === 'recurring' && (
          <Controller
            control={control}
            name="recurrence"
            render={({ field }) => {
              const value = field.value ?? { until: '', weekdays: [] };
              return (
                <fieldset className="mb-3" aria-describedby={recurrenceError ? 'pass-recurrence-error' : undefined}>
                  <legend className="form-label fs-6 mb-1">{t('form.weekdays')}</legend>
                  <div className="d-flex flex-wrap gap-2 mb-2">
                    {WEEKDAYS.map((day) => (
                      <Form.Check
                        key={day}
                        inline
                        type="checkbox"
                        id={`pass-weekday-${day}`}
                        label={t(`weekdays.${day}`)}
                        aria-label={t(`weekdaysLong.${day}`)}
                        checked={value.weekdays.includes(day)}
                        onChange={(event) =>
                          field.onChange({ ...value, weekdays: event.target.checked ? [...value.weekdays, day].sort() : value.weekdays.filter((d) => d !== day) })
                        }
                      />
                    ))}
                  </div>
                  <Form.Group controlId="pass-until">
                    <Form.Label>{t('form.until')}</Form.Label>
                    <Form.Control type="date" value={value.until} onChange={(event) => field.onChange({ ...value, until: event.target.value })} isInvalid={Boolean(recurrenceError)} />
                  </Form.Group>
                  {recurrenceError && (
                    <div className="invalid-feedback d-block" id="pass-recurrence-error">
                      {recurrenceError}
                    </div>
                  )}
                </fieldset>
              );
            }}
          />
        )}
        <TextField label={t('form.purpose')} placeholder={t('form.purposePlaceholder')} registration={register('purpose')} error={errors.purpose} maxLength={200} />
        <TextField label={t('form.plate')} registration={register('vehiclePlate')} error={errors.vehiclePlate} maxLength={50} />
        <TextField as="textarea" rows={2} label={t('form.notes')} registration={register('notes')} error={errors.notes} maxLength={5000} />
      </Modal.Body>
      <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('form.submit')} />
    </Form>
  );
}
