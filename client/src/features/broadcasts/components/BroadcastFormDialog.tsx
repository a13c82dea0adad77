import { zodResolver } from '@client/components/form/zod-resolver';
import { endOfDay, isSameDay } from 'date-fns';
import { Button, Form, Modal } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DatePickerField } from '@client/components/form/DatePickerField';
import { SelectField } from '@client/components/form/SelectField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { applyServerErrors } from '@client/components/form/server-errors';
import { useEditVersion } from '@client/components/form/use-edit-version';
import { toast } from '@client/components/toast/toast';
import { BROADCAST_CATEGORIES, BROADCAST_STATUSES } from '@shared/enums';
import { messageText } from '@shared/messages';
import { BroadcastCreateSchema } from '@shared/schemas/broadcasts';
import { useCreateBroadcast } from '../api/create-broadcast';
import { getBroadcast, type Broadcast } from '../api/get-broadcasts';
import { inZone } from '@client/lib/format';
import { useUpdateBroadcast } from '../api/update-broadcast';
import { broadcastFormValues, type BroadcastFormValues } from '../lib/form-values';
import { TEXT_LIMITS } from '@shared/schemas/common';

type FormInput = z.input<typeof BroadcastCreateSchema>;
type FormOutput = z.output<typeof BroadcastCreateSchema>;

const FIELDS = ['title', 'message', 'category', 'status', 'startDate', 'endDate'] as const;

// The calendar picks days. A start keeps its time when its day is kept (today's default is
// "now"), else it begins that day; an end lasts until that day is over: days of the organization's zone.
const sameDay = (day: Date, current: Date) => isSameDay(day, current, { in: inZone });
const pickStart = (day: Date, current: Date | undefined) => (current && sameDay(day, current) ? current : day);
const pickEnd = (day: Date | null, current: Date | null | undefined) =>
  day === null ? null : current && sameDay(day, current) ? current : endOfDay(day, { in: inZone });

type BroadcastFormDialogProps = {
  propertyId: number;
  /** The broadcast being edited, or none for a new one. */
  broadcast?: Broadcast;
  initialValues: BroadcastFormValues;
  onClose: () => void;
};

/** Create or edit a broadcast, validated with the shared schema (its Spanish or English messages). */
export default function BroadcastFormDialog({ propertyId, broadcast, initialValues, onClose }: BroadcastFormDialogProps) {
  const { t, i18n } = useTranslation('broadcasts');
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const create = useCreateBroadcast();
  const update = useUpdateBroadcast();
  const pending = create.isPending || update.isPending;
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(BroadcastCreateSchema), defaultValues: initialValues });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const startDate = useWatch({ control, name: 'startDate' }) as Date | undefined;
  const edit = useEditVersion({ row: broadcast ?? null, form, toValues: broadcastFormValues, fetchRow: () => getBroadcast(broadcast!.id) });

  const failed = (key: 'broadcast_create_error' | 'broadcast_update_error') => (error: unknown) => {
    if (edit.isConflict(error)) return;
    applyServerErrors(setError, error, FIELDS);
    toast({ title: t('notices.errorTitle'), description: messageText(key, lang), variant: 'destructive' });
  };

  const onSubmit = handleSubmit((values) => {
    if (broadcast) {
      update.mutate(
        { id: broadcast.id, ...values, version: edit.version },
        {
          onSuccess: () => {
            toast({ title: t('notices.updated'), description: t('notices.updatedDescription'), variant: 'success' });
            onClose();
          },
          onError: failed('broadcast_update_error'),
        },
      );
    } else {
      create.mutate(
        { propertyId, ...values },
        {
          onSuccess: () => {
            toast({ title: t('notices.created'), description: t('notices.createdDescription'), variant: 'success' });
            onClose();
          },
          onError: failed('broadcast_create_error'),
        },
      );
    }
  });

  const titleId = 'broadcast-form-title';
  return (
    <Modal show onHide={pending ? undefined : onClose} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton={!pending} closeLabel={t('common:actions.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {broadcast ? t('form.editTitle') : t('form.createTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {edit.notice}
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
    </Modal>
  );
}
