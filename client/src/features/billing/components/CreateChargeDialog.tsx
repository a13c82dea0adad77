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
import { formatMoney } from '@client/lib/format';
import { CHARGE_TYPES } from '@shared/enums';
import { ChargeCreateSchema } from '@shared/schemas/billing';
import { useCreateCharge } from '../api/mutations';
import { fundField, newIdempotencyKey, pesosField, unitField } from './form';
import { UnitFields } from './UnitFields';

// The server's fields with the form's own readings (its fund rule is kept by sending a fund only for an extraordinary charge).
const ChargeFormSchema = z.object({ ...ChargeCreateSchema.shape, unitId: unitField(), amount: pesosField(), fundId: fundField() });
type ChargeFormInput = z.input<typeof ChargeFormSchema>;
type ChargeFormOutput = z.output<typeof ChargeFormSchema>;
const FIELDS = ['unitId', 'type', 'amount', 'dueDate', 'description', 'fundId'] as const;

/** "Crear factura": one charge to one unit, numbered by the server. */
export function CreateChargeDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <FormDialog show={show} onClose={onClose} title={t('chargeForm.title')}>
      <ChargeForm onClose={onClose} />
    </FormDialog>
  );
}

function ChargeForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('billing');
  const create = useCreateCharge();
  // One key per charge this form issues: a second click sends the same one.
  const [key] = useState(newIdempotencyKey);
  const [propertyId, setPropertyId] = useState<number | null>(null);
  const { register, handleSubmit, setError, setValue, control, formState: { errors } } = useForm<ChargeFormInput, unknown, ChargeFormOutput>({
    resolver: zodResolver(ChargeFormSchema),
    defaultValues: { unitId: '', type: 'maintenance', amount: '', dueDate: '', description: '', fundId: '' },
  });
  const extraordinary = useWatch({ control, name: 'type' }) === 'extraordinary';
  // A fund is only for an extraordinary charge: another type forgets the one chosen.
  useEffect(() => {
    if (!extraordinary) setValue('fundId', '');
  }, [extraordinary, setValue]);
  // The fund is asked for (and sent) only for an extraordinary charge.
  const onSubmit = handleSubmit(({ fundId, ...rest }) =>
    create.mutate({ body: { ...rest, fundId: rest.type === 'extraordinary' ? fundId : null }, key }, {
      onSuccess: (charge) => {
        toast({ title: t('chargeForm.created'), description: t('chargeForm.createdDescription', { number: charge.invoiceNumber, amount: formatMoney(charge.amount), unit: charge.unitNumber }), variant: 'success' });
        onClose();
      },
      onError: (error) => formFailed(error, setError, FIELDS, t('errors.title')),
    }),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('chargeForm.title')}>
      <Modal.Body>
        <UnitFields
          manager
          propertyId={propertyId}
          onPropertyChange={(id) => {
            setPropertyId(id);
            setValue('unitId', '');
            setValue('fundId', '');
          }}
          registration={register('unitId')}
          error={errors.unitId}
        />
        <Row className="g-3">
          <Col sm={6}>
            <SelectField label={t('form.type')} options={CHARGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} registration={register('type')} error={errors.type} />
          </Col>
          <Col sm={6}>
            <TextField label={t('form.amount')} inputMode="decimal" hint={t('form.amountHint')} registration={register('amount')} error={errors.amount} />
          </Col>
        </Row>
        {extraordinary && (
          <FundSelect propertyId={propertyId} label={t('form.fund')} emptyLabel={t('form.fundDefault')} hint={t('form.fundHint')} registration={register('fundId')} error={errors.fundId} />
        )}
        <TextField label={t('form.dueDate')} type="date" registration={register('dueDate')} error={errors.dueDate} />
        <TextField label={t('form.description')} placeholder={t('chargeForm.descriptionPlaceholder')} registration={register('description')} error={errors.description} className="mb-0" />
      </Modal.Body>
      <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('chargeForm.submit')} />
    </Form>
  );
}
