import { zodResolver } from '@client/components/form/zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { unitOptionsQueryOptions } from '@client/lib/property-options';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { useLastShown } from '@client/hooks/use-last-shown';
import { JoinRequestApproveSchema } from '@shared/schemas/joinRequests';
import { applicantName, useApproveJoinRequest, type JoinRequest } from '../api/join-requests';

type ApproveInput = z.input<typeof JoinRequestApproveSchema>;
type ApproveOutput = z.output<typeof JoinRequestApproveSchema>;

/** Approve: the property (the one the person named, or another) and the unit, by number. */
export function ApproveJoinRequestDialog({ request, onClose }: { request: JoinRequest | null; onClose: () => void }) {
  const { t } = useTranslation('joinRequests');
  const shown = useLastShown(request);
  return (
    <Modal show={request !== null} onHide={onClose} fullscreen="sm-down" aria-labelledby="approve-join-request-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="approve-join-request-title" as="h2" className="h5">
          {shown && t('approve.title', { name: applicantName(shown) })}
        </Modal.Title>
      </Modal.Header>
      {shown && <ApproveForm key={shown.id} request={shown} onDone={onClose} />}
    </Modal>
  );
}

function ApproveForm({ request, onDone }: { request: JoinRequest; onDone: () => void }) {
  const { t } = useTranslation('joinRequests');
  const approve = useApproveJoinRequest();
  const unitsListId = useId();
  const name = applicantName(request);
  const { register, control, handleSubmit, setError, formState: { errors } } = useForm<ApproveInput, unknown, ApproveOutput>({
    resolver: zodResolver(JoinRequestApproveSchema),
    defaultValues: { propertyId: request.propertyId ?? '', unit: '', createUnit: false },
  });
  const [propertyId, unit] = useWatch({ control, name: ['propertyId', 'unit'] });
  const chosenProperty = typeof propertyId === 'number' ? propertyId : null;
  const typed = useDebouncedValue(unit.trim());
  // The property's units that start like what is typed: suggestions, and whether it exists.
  const units = useQuery({ ...unitOptionsQueryOptions(chosenProperty ?? 0, typed), enabled: chosenProperty !== null });
  const missing = Boolean(typed && units.data && !units.isPlaceholderData && !units.data.items.some((item) => item.unitNumber === typed));

  const onSubmit = handleSubmit((body) =>
    approve.mutate(
      { id: request.id, body: { ...body, createUnit: missing && body.createUnit } },
      {
        onSuccess: (approved) => {
          toast({
            title: t('approve.doneTitle'),
            description: t('approve.done', { name, property: approved.propertyName, unit: approved.unitNumber }),
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => formFailed(error, setError, ['propertyId', 'unit'], t('approve.errorTitle')),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('approve.title', { name })}>
      <Modal.Body>
        <p>{t('approve.intro', { name })}</p>
        <Controller
          control={control}
          name="propertyId"
          render={({ field, fieldState }) => (
            <PropertySelect
              label={t('approve.property')}
              emptyLabel={t('approve.chooseProperty')}
              value={typeof field.value === 'number' ? field.value : null}
              onChange={(id) => field.onChange(id ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error}
            />
          )}
        />
        <TextField
          label={t('approve.unit')}
          hint={t('approve.unitHint')}
          registration={register('unit')}
          error={errors.unit}
          list={unitsListId}
          autoComplete="off"
          disabled={chosenProperty === null}
        />
        <datalist id={unitsListId}>
          {units.data?.items.map((item) => <option key={item.id} value={item.unitNumber} />)}
        </datalist>
        {missing && (
          <div className="border rounded p-3 bg-body-tertiary" data-testid="unit-missing">
            <p className="mb-2">{t('approve.unitMissing', { unit: typed })}</p>
            <Form.Check id={`${unitsListId}-create`} label={t('approve.createUnit', { unit: typed })} {...register('createUnit')} />
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onDone} disabled={approve.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={approve.isPending} pendingLabel={t('approve.pending')}>
          {t('approve.submit')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
