import { zodResolver } from '@client/components/form/zod-resolver';
import { useEffect, useState } from 'react';
import { Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { FundSelect } from '@client/components/form/FundSelect';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { formatMoney } from '@client/lib/format';
import { ChargeSplitSchema, PLAN_SPLITS, SPLIT_CHARGE_TYPES } from '@shared/schemas/billing';
import { useSplitCharge } from '../api/plans';
import { fundField, newIdempotencyKey, pesosField } from './form';

// The server's fields with the form's own readings (its fund rule is kept by sending a fund only for an extraordinary assessment).
const SplitFormSchema = z.object({
  ...ChargeSplitSchema.shape,
  propertyId: z.number({ error: 'required_field' }).int().positive({ error: 'required_field' }),
  total: pesosField(),
  fundId: fundField(),
});
type SplitFormInput = z.input<typeof SplitFormSchema>;
type SplitFormOutput = z.output<typeof SplitFormSchema>;
const FIELDS = ['total', 'split', 'type', 'dueDate', 'description', 'fundId'] as const;

/**
 * "Cuota extraordinaria": a total split across a property's units (equally or by share) in one
 * go; the parts add up to the total to the centavo, units of the same weight at most one centavo apart.
 */
export function SplitChargeDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <FormDialog show={show} onClose={onClose} title={t('split.title')}>
      <SplitForm onClose={onClose} />
    </FormDialog>
  );
}

function SplitForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('billing');
  const split = useSplitCharge();
  // One key per split this form issues: a second click sends the same one.
  const [key] = useState(newIdempotencyKey);
  const { register, handleSubmit, setError, setValue, control, formState: { errors } } = useForm<SplitFormInput, unknown, SplitFormOutput>({
    resolver: zodResolver(SplitFormSchema),
    defaultValues: { propertyId: undefined, total: '', split: 'share', type: 'extraordinary', dueDate: '', description: '', fundId: '' },
  });
  const propertyId = useWatch({ control, name: 'propertyId' }) ?? null;
  const extraordinary = useWatch({ control, name: 'type' }) === 'extraordinary';
  // A fund is only for an extraordinary charge: another type forgets the one chosen.
  useEffect(() => {
    if (!extraordinary) setValue('fundId', '');
  }, [extraordinary, setValue]);
  // The fund is asked for (and sent) only for an extraordinary assessment.
  const onSubmit = handleSubmit(({ propertyId: id, fundId, ...body }) =>
    split.mutate(
      { propertyId: id, body: { ...body, fundId: body.type === 'extraordinary' ? fundId : null }, key },
      {
        onSuccess: (charges) => {
          toast({ title: t('split.created'), description: t('split.createdDescription', { count: charges.length, amount: formatMoney(body.total) }), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.title')),
      },
    ),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('split.title')}>
      <Modal.Body>
        <PropertySelect
          label={t('toolbar.property')}
          emptyLabel={t('split.chooseProperty')}
          value={propertyId}
          onChange={(id) => {
            setValue('propertyId', id ?? (undefined as unknown as number), { shouldValidate: true });
            setValue('fundId', '');
          }}
          error={errors.propertyId}
        />
        <Row className="g-3">
          <Col sm={6}>
            <TextField label={t('split.total')} inputMode="decimal" hint={t('form.amountHint')} registration={register('total')} error={errors.total} />
          </Col>
          <Col sm={6}>
            <SelectField label={t('split.how')} options={PLAN_SPLITS.map((value) => ({ value, label: t(`plan.splits.${value}`) }))} registration={register('split')} error={errors.split} />
          </Col>
          <Col sm={6}>
            <SelectField label={t('form.type')} options={SPLIT_CHARGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} registration={register('type')} error={errors.type} />
          </Col>
          <Col sm={6}>
            <TextField label={t('form.dueDate')} type="date" registration={register('dueDate')} error={errors.dueDate} />
          </Col>
        </Row>
        {extraordinary && (
          <FundSelect propertyId={propertyId} label={t('form.fund')} emptyLabel={t('form.fundDefault')} hint={t('form.fundHint')} registration={register('fundId')} error={errors.fundId} />
        )}
        <TextField label={t('form.description')} placeholder={t('split.descriptionPlaceholder')} registration={register('description')} error={errors.description} className="mb-0" />
        <p className="small text-body-secondary mt-2 mb-0">{t('split.rounding')}</p>
      </Modal.Body>
      <FormDialogFooter pending={split.isPending} onCancel={onClose} submitLabel={t('split.submit')} />
    </Form>
  );
}
