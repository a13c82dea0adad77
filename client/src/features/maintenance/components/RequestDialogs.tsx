import { zodResolver } from '@client/components/form/zod-resolver';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialogFooter } from '@client/components/FormDialog';
import { DatePickerField } from '@client/components/form/DatePickerField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { startOfToday, zonedInstant, zonedParts } from '@shared/time';
import { MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES, type MaintenancePriority, type MaintenanceStatus } from '@shared/enums';
import { requiredText, text } from '@shared/schemas/common';
import type { MaintenanceRequestView } from '@shared/schemas/maintenance';
import { useAssignees, type RequestPatch } from '../api/maintenance';
import { PhotoPicker } from './Photos';

/** The dialogs of a request's actions (RequestActions.tsx), loaded when one first opens. */

type NoteDialogProps = {
  kind: 'decline' | 'cancel' | 'complete' | 'reopen';
  show: boolean;
  pending: boolean;
  required: boolean;
  withPhotos: boolean;
  onCancel: () => void;
  onConfirm: (reason: string, photos: File[]) => void;
};

type NoteValues = { reason: string; photos: File[] };
const noteSchema = (required: boolean) =>
  z.object({ reason: required ? requiredText('maintenance_reason_required', 'text') : text('text'), photos: z.array(z.custom<File>()) });

/** Decline (a reason), cancel, reopen (why) and complete (a note and photos of the finished work). */
export function NoteDialog({ kind, show, pending, required, withPhotos, onCancel, onConfirm }: NoteDialogProps) {
  const { t } = useTranslation('maintenance');
  const { register, handleSubmit, reset, control, formState: { errors } } = useForm<NoteValues>({
    resolver: zodResolver(noteSchema(required)),
    defaultValues: { reason: '', photos: [] },
  });
  const label = t(kind === 'complete' ? 'complete.note' : `${kind}.reason`);
  return (
    <Modal show={show} onHide={pending ? undefined : onCancel} onExited={() => reset()} fullscreen="sm-down" centered aria-labelledby={`${kind}-dialog-title`}>
      <Form noValidate onSubmit={handleSubmit(({ reason, photos }) => onConfirm(reason, photos))}>
        <Modal.Header closeButton={!pending} closeLabel={t('common:actions.close')}>
          <Modal.Title id={`${kind}-dialog-title`} as="h2" className="h5">
            {t(`${kind}.title`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {(kind === 'decline' || kind === 'reopen') && <p className="text-body-secondary">{t(`${kind}.hint`)}</p>}
          <TextField id={`${kind}-reason`} label={label} as="textarea" rows={3} maxLength={5000} required={required} registration={register('reason')} error={errors.reason} />
          {withPhotos && (
            <Controller
              control={control}
              name="photos"
              render={({ field }) => <PhotoPicker label={t('complete.photo')} files={field.value} onChange={field.onChange} disabled={pending} />}
            />
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
            {kind === 'cancel' ? t('cancel.keep') : t('common:actions.cancel')}
          </Button>
          <SubmitButton pending={pending} pendingLabel={t('common:status.saving')} variant={kind === 'decline' || kind === 'cancel' ? 'danger' : 'primary'}>
            {t(`${kind}.confirm`)}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

type TriageValues = { assignedToId: string; date: Date | null; priority: MaintenancePriority };

/** Triage: the technician (maintenance staff of the property, with their rating), the date and the priority. */
export function TriageDialog({ show, request, pending, onCancel, onSave }: { show: boolean; request: MaintenanceRequestView; pending: boolean; onCancel: () => void; onSave: (body: RequestPatch) => void }) {
  const { t } = useTranslation('maintenance');
  const assignees = useAssignees(request.propertyId, show);
  const valuesOf = (): TriageValues => ({
    assignedToId: request.assignedTo ? String(request.assignedTo.id) : '',
    date: request.scheduledDate ? new Date(request.scheduledDate) : null,
    priority: request.priority,
  });
  const { register, handleSubmit, reset, control } = useForm<TriageValues>({ defaultValues: valuesOf() });
  const today = startOfToday();

  const submit = handleSubmit(({ assignedToId: assignee, date, priority }) => {
    const body: RequestPatch = {};
    const assignedToId = assignee ? Number(assignee) : null;
    if (assignedToId !== (request.assignedTo?.id ?? null)) body.assignedToId = assignedToId;
    // A picked day is scheduled at 9:00 of that day in the organization's zone.
    const day = date && zonedParts(date).day;
    if ((request.scheduledDate ? zonedParts(new Date(request.scheduledDate)).day : null) !== day) body.scheduledDate = day && zonedInstant(day, 9 * 60).toISOString();
    if (priority !== request.priority) body.priority = priority;
    if (Object.keys(body).length) onSave(body);
    else onCancel();
  });

  return (
    <Modal show={show} onHide={pending ? undefined : onCancel} onEnter={() => reset(valuesOf())} fullscreen="sm-down" aria-labelledby="triage-dialog-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!pending} closeLabel={t('common:actions.close')}>
          <Modal.Title id="triage-dialog-title" as="h2" className="h5">
            {t('triage.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="fw-semibold text-break">{request.title}</p>
          <Form.Group className="mb-3" controlId="triage-assignee">
            <Form.Label>{t('triage.assignee')}</Form.Label>
            {/* Controlled: its options (the staff) arrive after it shows. */}
            <Controller
              control={control}
              name="assignedToId"
              render={({ field }) => (
                <Form.Select {...field} aria-busy={assignees.isPending}>
                  <option value="">{t('triage.unassigned')}</option>
                  {(assignees.data ?? []).map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name} · {person.rating.average === null ? t('triage.noRating') : t('triage.rating', { average: person.rating.average, count: person.rating.count })}
                    </option>
                  ))}
                </Form.Select>
              )}
            />
            {assignees.data?.length === 0 && <Alert variant="info" className="mt-2 mb-0 py-2 small">{t('triage.noStaff')}</Alert>}
          </Form.Group>
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DatePickerField label={t('triage.date')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} minDate={today} placeholder={t('triage.pickDate')} clearLabel={t('triage.clearDate')} hint={t('triage.hint')} />
            )}
          />
          <Form.Group className="mb-3" controlId="triage-priority">
            <Form.Label>{t('triage.priority')}</Form.Label>
            <Form.Select {...register('priority')}>
              {MAINTENANCE_PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {t(`priorities.${value}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Modal.Body>
        <FormDialogFooter pending={pending} onCancel={onCancel} submitLabel={t('triage.save')} />
      </Form>
    </Modal>
  );
}

// No status while there is none to move to (the save button is then disabled).
const statusSchema = z.object({ status: z.enum([...MAINTENANCE_STATUSES, '']), reason: text('text') });

/** "Actualizar estado" of the administrators: the moves the state machine allows now, with a note. */
export function StatusDialog({ show, request, pending, onCancel, onSave }: { show: boolean; request: MaintenanceRequestView; pending: boolean; onCancel: () => void; onSave: (status: MaintenanceStatus, reason: string) => void }) {
  const { t } = useTranslation('maintenance');
  const choices: MaintenanceStatus[] = [
    ...(request.actions.includes('start') ? (['in-progress'] as const) : []),
    ...(request.actions.includes('complete') ? (['completed'] as const) : []),
    ...(request.actions.includes('cancel') ? (['cancelled'] as const) : []),
  ];
  const { register, handleSubmit, reset } = useForm<z.input<typeof statusSchema>, unknown, z.output<typeof statusSchema>>({ resolver: zodResolver(statusSchema), defaultValues: { status: '', reason: '' } });
  return (
    <Modal show={show} onHide={pending ? undefined : onCancel} onEnter={() => reset({ status: choices[0] ?? '', reason: '' })} fullscreen="sm-down" aria-labelledby="status-dialog-title">
      <Form noValidate onSubmit={handleSubmit(({ status, reason }) => status && onSave(status, reason))}>
        <Modal.Header closeButton={!pending} closeLabel={t('common:actions.close')}>
          <Modal.Title id="status-dialog-title" as="h2" className="h5">
            {t('status.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {choices.length ? (
            <>
              <Form.Group className="mb-3" controlId="status-choice">
                <Form.Label>{t('status.field')}</Form.Label>
                <Form.Select {...register('status')}>
                  {choices.map((value) => (
                    <option key={value} value={value}>
                      {t(`statuses.${value}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group controlId="status-note">
                <Form.Label>{t('status.note')}</Form.Label>
                <Form.Control as="textarea" rows={2} maxLength={5000} {...register('reason')} />
              </Form.Group>
            </>
          ) : (
            <p className="mb-0">{t('status.none')}</p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton pending={pending} pendingLabel={t('common:status.saving')} disabled={!choices.length}>
            {t('status.save')}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
