import { zodResolver } from '@client/components/form/zod-resolver';
import { endOfDay, isSameDay } from 'date-fns';
import { useState } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DatePickerField } from '@client/components/form/DatePickerField';
import { SelectField } from '@client/components/form/SelectField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { toast } from '@client/components/toast/toast';
import { formatList, inZone } from '@client/lib/format';
import { BROADCAST_CATEGORIES, BROADCAST_STATUSES } from '@shared/enums';
import { messageText } from '@shared/messages';
import { BroadcastSendSchema } from '@shared/schemas/broadcasts';
import { TEXT_LIMITS } from '@shared/limits';
import { useCreateBroadcasts } from '../api/create-broadcast';
import { getBroadcast, type Broadcast } from '../api/get-broadcasts';
import { useUpdateBroadcast } from '../api/update-broadcast';
import { broadcastFormValues, type BroadcastFormValues } from '../lib/form-values';
import type { BroadcastProperty } from '../api/get-broadcast-properties';
import { RecipientsPicker } from './RecipientsPicker';

type FormInput = z.input<typeof BroadcastSendSchema>;
type FormOutput = z.output<typeof BroadcastSendSchema>;

const FIELDS = ['title', 'message', 'category', 'status', 'startDate', 'endDate', 'propertyIds'] as const;

// The calendar picks days. A start keeps its time when its day is kept (today's default is
// "now"), else it begins that day; an end lasts until that day is over: days of the organization's zone.
const sameDay = (day: Date, current: Date) => isSameDay(day, current, { in: inZone });
const pickStart = (day: Date, current: Date | undefined) => (current && sameDay(day, current) ? current : day);
const pickEnd = (day: Date | null, current: Date | null | undefined) =>
  day === null ? null : current && sameDay(day, current) ? current : endOfDay(day, { in: inZone });

type BroadcastFormDialogProps = {
  /** The broadcast being edited (with its property, named), or none for a new one. */
  broadcast?: Broadcast;
  property?: BroadcastProperty;
  /** A new broadcast's first values, its properties among them (`recipients`, named). */
  initialValues: BroadcastFormValues;
  recipients?: BroadcastProperty[];
  onClose: () => void;
};

/**
 * Create or edit a broadcast, validated with the shared schema (its Spanish or English messages).
 * A new one goes to the properties chosen in the dialog, never to one it picked by itself; an
 * active emergency asks first, naming them. An edit names its property, which does not change.
 */
export default function BroadcastFormDialog({ broadcast, property, initialValues, recipients: initialRecipients = [], onClose }: BroadcastFormDialogProps) {
  const { t, i18n } = useTranslation('broadcasts');
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const create = useCreateBroadcasts();
  const update = useUpdateBroadcast();
  const pending = create.isPending || update.isPending;
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(BroadcastSendSchema), defaultValues: initialValues });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const startDate = useWatch({ control, name: 'startDate' }) as Date | undefined;
  const edit = useEditVersion({ row: broadcast ?? null, form, toValues: broadcastFormValues, fetchRow: () => getBroadcast(broadcast!.id) });
  const [recipients, setRecipients] = useState(initialRecipients);
  const recipientNames = formatList(recipients.map((recipient) => recipient.name), lang);
  // The values of an emergency waiting for the administrator's "send".
  const [confirming, setConfirming] = useState<FormOutput | null>(null);

  const chooseRecipients = (next: BroadcastProperty[]) => {
    setRecipients(next);
    setValue('propertyIds', next.map((recipient) => recipient.id), { shouldValidate: isSubmitted });
  };

  const failed = (key: 'broadcast_create_error' | 'broadcast_update_error') => (error: unknown) => {
    setConfirming(null);
    if (edit.isConflict(error)) return;
    formFailed(error, setError, FIELDS, t('notices.errorTitle'), messageText(key, lang));
  };

  const send = (values: FormOutput) =>
    create.mutate(values, {
      onSuccess: () => {
        toast({ title: t('notices.created'), description: t('notices.createdFor', { names: recipientNames }), variant: 'success' });
        onClose();
      },
      onError: failed('broadcast_create_error'),
    });

  const onSubmit = handleSubmit((values) => {
    if (!broadcast) {
      if (values.category === 'emergency' && values.status === 'active') setConfirming(values);
      else send(values);
      return;
    }
    // The property of an edited broadcast does not change.
    const { propertyIds: _, ...changes } = values;
    update.mutate(
      { id: broadcast.id, ...changes, version: edit.version },
      {
        onSuccess: () => {
          toast({ title: t('notices.updated'), description: t('notices.updatedDescription'), variant: 'success' });
          onClose();
        },
        onError: failed('broadcast_update_error'),
      },
    );
  });

  const titleId = 'broadcast-form-title';
  return (
    <Modal show onHide={pending ? undefined : onClose} centered aria-labelledby={titleId}>
      {confirming ? (
        <>
          <Modal.Header closeButton={!pending} closeLabel={t('common:actions.close')}>
            <Modal.Title id={titleId} as="h2" className="h5">
              {t('confirmEmergency.title', { names: recipientNames })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="fw-semibold mb-1">{confirming.title}</p>
            <p className="mb-0">{t('confirmEmergency.body')}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setConfirming(null)} disabled={pending} autoFocus>
              {t('confirmEmergency.back')}
            </Button>
            <Button variant="danger" onClick={() => send(confirming)} disabled={pending} aria-busy={pending}>
              {pending && <Spinner size="sm" className="me-2" aria-hidden />}
              {t('confirmEmergency.send')}
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <Modal.Header closeButton={!pending} closeLabel={t('common:actions.close')}>
            <Modal.Title id={titleId} as="h2" className="h5">
              {broadcast ? t('form.editTitle') : t('form.createTitle')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {edit.notice}
            {broadcast ? (
              <p className="mb-3" data-testid="broadcast-property">
                <span className="text-body-secondary">{t('property.label')}: </span>
                <strong>{property?.name}</strong>
              </p>
            ) : (
              <RecipientsPicker value={recipients} onChange={chooseRecipients} error={errors.propertyIds} />
            )}
            <TextField label={t('form.title')} registration={register('title')} error={errors.title} maxLength={TEXT_LIMITS.title} autoFocus />
            <TextField label={t('form.message')} registration={register('message')} error={errors.message} as="textarea" rows={4} />
            <div className="row g-3 mb-3">
              <div className="col-sm-6">
                <SelectField
                  className=""
                  label={t('category.label')}
                  registration={register('category')}
                  error={errors.category}
                  options={BROADCAST_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
                />
              </div>
              <div className="col-sm-6">
                <SelectField
                  className=""
                  label={t('status.label')}
                  registration={register('status')}
                  error={errors.status}
                  options={BROADCAST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
                />
              </div>
            </div>
            <Controller
              control={control}
              name="startDate"
              render={({ field, fieldState }) => (
                <DatePickerField
                  label={t('form.startDate')}
                  value={field.value as Date | undefined}
                  onChange={(day) => day && field.onChange(pickStart(day, field.value as Date | undefined))}
                  onBlur={field.onBlur}
                  error={fieldState.error}
                />
              )}
            />
            <Controller
              control={control}
              name="endDate"
              render={({ field, fieldState }) => (
                <DatePickerField
                  className=""
                  label={t('form.endDate')}
                  value={field.value as Date | null | undefined}
                  onChange={(day) => field.onChange(pickEnd(day, field.value as Date | null | undefined))}
                  onBlur={field.onBlur}
                  error={fieldState.error}
                  minDate={startDate}
                  placeholder={t('form.noEndDate')}
                  clearLabel={t('form.clearEndDate')}
                  hint={t('form.endDateHint')}
                />
              )}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
            <SubmitButton pending={pending} pendingLabel={t('form.saving')}>
              {broadcast ? t('form.save') : t('form.create')}
            </SubmitButton>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
