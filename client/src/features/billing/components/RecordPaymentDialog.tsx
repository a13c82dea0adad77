import { zodResolver } from '@client/components/form/zod-resolver';
import { useState } from 'react';
import { Col, Form, Modal, Row, Table } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialogFooter } from '@client/components/FormDialog';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { planAllocations } from '@shared/billing';
import { todayThere } from '@shared/time';
import { PAYMENT_METHODS } from '@shared/enums';
import { PaymentCreateSchema } from '@shared/schemas/billing';
import { useRecordPayment } from '../api/mutations';
import { useOpenCharges } from '../api/queries';
import { newIdempotencyKey, pesosField, unitField } from './form';
import { UnitFields } from './UnitFields';

const PaymentFormSchema = PaymentCreateSchema.omit({ allocations: true }).extend({ unitId: unitField(), amount: pesosField() });
type PaymentFormInput = z.input<typeof PaymentFormSchema>;
type PaymentFormOutput = z.output<typeof PaymentFormSchema>;
const FIELDS = ['unitId', 'amount', 'method', 'reference', 'receivedAt'] as const;

/** Where the dialog starts: a charge's row opens it on that unit with that charge chosen. */
export type PaymentStart = { propertyId: number; unitId: number; chargeId?: number } | null;

/** "Registrar pago": money received for a unit, with a preview of the charges it will pay. */
export function RecordPaymentDialog({ show, start, onClose }: { show: boolean; start: PaymentStart; onClose: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Modal show={show} onHide={onClose} size="lg" fullscreen="md-down" aria-labelledby="payment-form-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="payment-form-title" as="h2" className="h5">
          {t('paymentForm.title')}
        </Modal.Title>
      </Modal.Header>
      {show && <PaymentForm start={start} onClose={onClose} />}
    </Modal>
  );
}

function PaymentForm({ start, onClose }: { start: PaymentStart; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const record = useRecordPayment();
  // One key per payment this form records: a second click sends the same one.
  const [key] = useState(newIdempotencyKey);
  const [propertyId, setPropertyId] = useState<number | null>(start?.propertyId ?? null);
  const [chosen, setChosen] = useState<number[]>(start?.chargeId ? [start.chargeId] : []);
  const { register, handleSubmit, setError, setValue, control, formState: { errors } } = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    resolver: zodResolver(PaymentFormSchema),
    defaultValues: { unitId: start ? String(start.unitId) : '', amount: '', method: 'bank_transfer', reference: '', receivedAt: todayThere() },
  });
  const [unitText, amountText] = useWatch({ control, name: ['unitId', 'amount'] });
  const unitId = Number(unitText) || null;
  const open = useOpenCharges(unitId);
  const amount = pesosField().safeParse(amountText ?? '').data ?? 0;
  const openCharges = (open.data ?? []).map((charge) => ({ id: charge.id, balance: charge.balance }));
  const plan = planAllocations(amount, openCharges, chosen.map((chargeId) => ({ chargeId })));
  const planned = new Map(plan.allocations.map((allocation) => [allocation.chargeId, allocation.amount]));

  const onSubmit = handleSubmit((values) =>
    record.mutate(
      { key, body: { ...values, allocations: chosen.length ? chosen.map((chargeId) => ({ chargeId })) : undefined } },
      {
        onSuccess: (payment) => {
          toast({ title: t('paymentForm.recorded'), description: t('paymentForm.recordedDescription', { number: payment.receiptNumber, amount: formatMoney(payment.amount) }), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, FIELDS, t('errors.title')),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('paymentForm.title')}>
      <Modal.Body>
        <UnitFields
          manager
          propertyId={propertyId}
          onPropertyChange={(id) => {
            setPropertyId(id);
            setValue('unitId', '');
            setChosen([]);
          }}
          registration={register('unitId', { onChange: () => setChosen([]) })}
          error={errors.unitId}
        />
        <Row className="g-3">
          <Col sm={6}>
            <TextField label={t('form.amount')} inputMode="decimal" hint={t('form.amountHint')} registration={register('amount')} error={errors.amount} />
          </Col>
          <Col sm={6}>
            <TextField label={t('form.receivedAt')} type="date" max={todayThere()} registration={register('receivedAt')} error={errors.receivedAt} />
          </Col>
          <Col sm={6}>
            <SelectField label={t('form.method')} options={PAYMENT_METHODS.filter((m) => m !== 'credit_card').map((method) => ({ value: method, label: t(`methods.${method}`) }))} registration={register('method')} error={errors.method} />
          </Col>
          <Col sm={6}>
            <TextField label={t('form.reference')} hint={t('form.referenceHint')} registration={register('reference')} error={errors.reference} />
          </Col>
        </Row>
        {unitId !== null && (
          <section aria-labelledby="allocation-title" className="mt-2">
            <h3 id="allocation-title" className="h6">
              {t('paymentForm.allocationTitle')}
            </h3>
            <p className="small text-body-secondary">{t('paymentForm.allocationHint')}</p>
            {open.data && !open.data.length ? (
              <p className="mb-0" data-testid="allocation-none">{t('paymentForm.noOpenCharges')}</p>
            ) : (
              <Table size="sm" responsive className="align-middle mb-2" data-testid="allocation-preview">
                <caption className="visually-hidden">{t('paymentForm.allocationTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('paymentForm.choose')}</th>
                    <th scope="col">{t('table.charge')}</th>
                    <th scope="col">{t('table.due')}</th>
                    <th scope="col" className="text-end">{t('table.balance')}</th>
                    <th scope="col" className="text-end">{t('paymentForm.applies')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(open.data ?? []).map((charge) => (
                    <tr key={charge.id}>
                      <td>
                        <Form.Check
                          id={`choose-${charge.id}`}
                          aria-label={t('paymentForm.chooseCharge', { number: charge.invoiceNumber })}
                          checked={chosen.includes(charge.id)}
                          onChange={(event) => setChosen(event.target.checked ? [...chosen, charge.id] : chosen.filter((id) => id !== charge.id))}
                        />
                      </td>
                      <td>
                        <div className="fw-semibold">{charge.invoiceNumber}</div>
                        <div className="small text-body-secondary">{charge.description}</div>
                      </td>
                      <td className="text-nowrap">{formatDate(charge.dueDate, 'day')}</td>
                      <td className="text-end text-nowrap">{formatMoney(charge.balance)}</td>
                      <td className="text-end text-nowrap fw-semibold" data-testid="allocation-amount">
                        {planned.get(charge.id) ? formatMoney(planned.get(charge.id)!) : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {plan.credit > 0 && amount > 0 && (
              <p className="mb-0 small" data-testid="allocation-credit">
                {t('paymentForm.creditLeft', { amount: formatMoney(plan.credit) })}
              </p>
            )}
          </section>
        )}
      </Modal.Body>
      <FormDialogFooter pending={record.isPending} onCancel={onClose} submitLabel={t('paymentForm.submit')} />
    </Form>
  );
}
