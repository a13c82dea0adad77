import { zodResolver } from '@client/components/form/zod-resolver';
import { useState } from 'react';
import { Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { FundCreateSchema, FundTransferSchema } from '@shared/schemas/finances';
import { todayThere } from '@shared/time';
import { useCreateFund, useTransferFunds } from '../api/mutations';
import type { Fund } from '../api/types';
import { idChoice, newIdempotencyKey, optionalPesosField, pesosField } from './form';

const FundFormSchema = FundCreateSchema.extend({ openingBalance: optionalPesosField() });
type FundFormInput = z.input<typeof FundFormSchema>;
type FundFormOutput = z.output<typeof FundFormSchema>;

/** "Añadir fondo": a fund of the property (kind `other`) with its opening balance and date. */
export function FundFormDialog({ propertyId, onClose }: { propertyId: number | null; onClose: () => void }) {
  const { t } = useTranslation('finances');
  return (
    <FormDialog show={propertyId !== null} onClose={onClose} title={t('fundForm.title')}>
      {propertyId !== null && <FundForm propertyId={propertyId} onClose={onClose} />}
    </FormDialog>
  );
}

function FundForm({ propertyId, onClose }: { propertyId: number; onClose: () => void }) {
  const { t } = useTranslation('finances');
  const create = useCreateFund();
  const [key] = useState(newIdempotencyKey);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<FundFormInput, unknown, FundFormOutput>({
    resolver: zodResolver(FundFormSchema),
    defaultValues: { name: '', openingBalance: '', openingDate: todayThere() },
  });
  const onSubmit = handleSubmit((body) =>
    create.mutate(
      { propertyId, body, key },
      {
        onSuccess: () => {
          toast({ title: t('fundForm.created'), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, ['name', 'openingBalance', 'openingDate'], t('errors.title')),
      },
    ),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('fundForm.title')}>
      <Modal.Body>
        <TextField label={t('fundForm.name')} registration={register('name')} error={errors.name} />
        <Row>
          <Col sm={6}>
            <TextField label={t('fundForm.openingBalance')} inputMode="decimal" className="mb-0" registration={register('openingBalance')} error={errors.openingBalance} />
          </Col>
          <Col sm={6}>
            <TextField label={t('fundForm.openingDate')} type="date" className="mb-0" registration={register('openingDate')} error={errors.openingDate} />
          </Col>
        </Row>
      </Modal.Body>
      <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('fundForm.submit')} />
    </Form>
  );
}

// The server's schema (shared) with the form's text inputs for ids and RD$.
const TransferFormSchema = z
  .object({
    ...FundTransferSchema.shape,
    fromFundId: idChoice('finances_fund_required'),
    toFundId: idChoice('finances_fund_required'),
    amount: pesosField(),
  })
  .refine((value) => value.fromFundId !== value.toFundId, { path: ['toFundId'], error: 'finances_transfer_same_fund' });
type TransferFormInput = z.input<typeof TransferFormSchema>;
type TransferFormOutput = z.output<typeof TransferFormSchema>;
const TRANSFER_FIELDS = ['fromFundId', 'toFundId', 'amount', 'date', 'description'] as const;

/** "Transferir entre fondos": money moved between two funds of the property, on a date. */
export function TransferDialog({ funds, show, onClose }: { funds: Fund[]; show: boolean; onClose: () => void }) {
  const { t } = useTranslation('finances');
  return (
    <FormDialog show={show} onClose={onClose} title={t('transferForm.title')}>
      <TransferForm funds={funds} onClose={onClose} />
    </FormDialog>
  );
}

function TransferForm({ funds, onClose }: { funds: Fund[]; onClose: () => void }) {
  const { t } = useTranslation('finances');
  const transfer = useTransferFunds();
  const [key] = useState(newIdempotencyKey);
  const options = funds.map((fund) => ({ value: String(fund.id), label: fund.name }));
  const { register, handleSubmit, setError, formState: { errors } } = useForm<TransferFormInput, unknown, TransferFormOutput>({
    resolver: zodResolver(TransferFormSchema),
    defaultValues: { fromFundId: String(funds[0]?.id ?? ''), toFundId: String(funds[1]?.id ?? ''), amount: '', date: todayThere(), description: '' },
  });
  const onSubmit = handleSubmit((body) =>
    transfer.mutate(
      { body, key },
      {
        onSuccess: () => {
          toast({ title: t('transferForm.done'), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, TRANSFER_FIELDS, t('errors.title')),
      },
    ),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('transferForm.title')}>
      <Modal.Body>
        <Row>
          <Col sm={6}>
            <SelectField label={t('transferForm.from')} options={options} registration={register('fromFundId')} error={errors.fromFundId} />
          </Col>
          <Col sm={6}>
            <SelectField label={t('transferForm.to')} options={options} registration={register('toFundId')} error={errors.toFundId} />
          </Col>
          <Col sm={6}>
            <TextField label={t('transferForm.amount')} inputMode="decimal" registration={register('amount')} error={errors.amount} />
          </Col>
          <Col sm={6}>
            <TextField label={t('transferForm.date')} type="date" registration={register('date')} error={errors.date} />
          </Col>
        </Row>
        <TextField label={t('transferForm.description')} className="mb-0" registration={register('description')} error={errors.description} />
      </Modal.Body>
      <FormDialogFooter pending={transfer.isPending} onCancel={onClose} submitLabel={t('transferForm.submit')} />
    </Form>
  );
}
