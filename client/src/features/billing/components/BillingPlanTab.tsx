import { zodResolver } from '@client/components/form/zod-resolver';
import { AlertTriangle } from 'lucide-react';
import { Alert, Col, Form, ListGroup, Row, Spinner } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { SelectField } from '@client/components/form/SelectField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { errorMessage } from '@client/lib/api';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { BillingPlanSchema, LATE_FEE_KINDS, PLAN_SPLITS, type BillingPlan, type BillingPlanInput } from '@shared/schemas/billing';
import { useBillingPlan, usePlanPreview, useSavePlan } from '../api/plans';

/** The plan as typed: amounts in RD$ ("4500.50"), the rest as the inputs give them. */
type PlanForm = {
  monthlyFee: string;
  split: (typeof PLAN_SPLITS)[number];
  issueDay: string;
  dueDays: string;
  reservePercent: string;
  lateFeeKind: (typeof LATE_FEE_KINDS)[number];
  lateFeeValue: string;
  graceDays: string;
};

const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
const pesos = (value: string) => (/^\d{1,9}(\.\d{1,2})?$/.test(value.trim()) ? Math.round(Number(value) * 100) : Number.NaN);

/** The body of the request from the form (amounts to centavos); the shared schema decides what is valid. */
const toBody = (form: PlanForm) => ({
  monthlyFee: pesos(form.monthlyFee),
  split: form.split,
  issueDay: number(form.issueDay),
  dueDays: number(form.dueDays),
  reservePercent: form.reservePercent.trim() === '' ? 0 : number(form.reservePercent),
  lateFee: { kind: form.lateFeeKind, value: form.lateFeeKind === 'flat' ? pesos(form.lateFeeValue) : form.lateFeeKind === 'percent' ? number(form.lateFeeValue) : 0, graceDays: form.graceDays.trim() === '' ? 0 : number(form.graceDays) },
});

/** Where each field of the request shows its message in the form. */
const FIELD_OF: Record<string, keyof PlanForm> = {
  monthlyFee: 'monthlyFee',
  split: 'split',
  issueDay: 'issueDay',
  dueDays: 'dueDays',
  reservePercent: 'reservePercent',
  'lateFee.kind': 'lateFeeKind',
  'lateFee.value': 'lateFeeValue',
  'lateFee.graceDays': 'graceDays',
};

const PlanFormSchema = z.custom<PlanForm>().superRefine((form, ctx) => {
  const parsed = BillingPlanSchema.safeParse(toBody(form));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')] ?? 'monthlyFee';
    ctx.addIssue({ code: 'custom', path: [field], message: field === 'monthlyFee' || field === 'lateFeeValue' ? (issue.message === 'integer_required' || issue.message === 'billing_late_fee_value_invalid' ? 'billing_amount_invalid' : issue.message) : issue.message });
  }
});

const formOf = (plan: BillingPlan | null): PlanForm => ({
  monthlyFee: plan ? (plan.monthlyFee / 100).toFixed(2) : '',
  split: plan?.split ?? 'equal',
  issueDay: String(plan?.issueDay ?? 1),
  dueDays: String(plan?.dueDays ?? 15),
  reservePercent: String(plan?.reservePercent ?? 0),
  lateFeeKind: plan?.lateFee.kind ?? 'none',
  lateFeeValue: plan ? (plan.lateFee.kind === 'flat' ? (plan.lateFee.value / 100).toFixed(2) : plan.lateFee.kind === 'percent' ? String(plan.lateFee.value) : '') : '',
  graceDays: String(plan?.lateFee.graceDays ?? 5),
});

/**
 * "Cuotas" of the property's manage dialog (administrators): the billing plan the worker issues
 * each month (a fee per unit or a budget split by share, issue day, days to due, reserve fund,
 * late-fee rule) with a preview of the month's charges per unit as typed.
 */
export function BillingPlanTab({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('billing');
  const plan = useBillingPlan(propertyId);
  if (plan.isPending) return <Loading />;
  if (plan.isError) return <ErrorCard title={t('plan.loadError')} error={plan.error} onRetry={() => void plan.refetch()} />;
  // Not keyed by the saved plan: a save must not remount the form (its own notice would be lost).
  return <PlanEditor propertyId={propertyId} plan={plan.data} />;
}

function PlanEditor({ propertyId, plan }: { propertyId: number; plan: BillingPlan | null }) {
  const { t } = useTranslation('billing');
  const save = useSavePlan(propertyId);
  const { register, handleSubmit, setError, control, formState: { errors } } = useForm<PlanForm>({ resolver: zodResolver(PlanFormSchema), defaultValues: formOf(plan) });
  const values = useWatch({ control }) as PlanForm;
  const kind = values.lateFeeKind;
  const parsed = BillingPlanSchema.safeParse(toBody(values));
  const body = useDebouncedValue(parsed.success ? JSON.stringify(parsed.data) : null, 300);
  const preview = usePlanPreview(propertyId, body ? (JSON.parse(body) as BillingPlanInput) : null);

  const onSubmit = handleSubmit((form) =>
    save.mutate(BillingPlanSchema.parse(toBody(form)), {
      onSuccess: () => toast({ title: t('plan.saved'), description: t('plan.savedDescription'), variant: 'success' }),
      onError: (error) => formFailed(error, setError, FIELD_OF, t('errors.title')),
    }),
  );

  return (
    <section aria-labelledby="plan-heading">
      <h3 id="plan-heading" className="h6">{t('plan.title')}</h3>
      <p className="small text-body-secondary">{plan ? t('plan.descriptionSaved') : t('plan.descriptionNew')}</p>
      <Form noValidate onSubmit={onSubmit} aria-label={t('plan.title')} data-testid="billing-plan-form">
        <Row className="g-3">
          <Col sm={6}>
            <SelectField label={t('plan.split')} options={PLAN_SPLITS.map((value) => ({ value, label: t(`plan.splits.${value}`) }))} registration={register('split')} error={errors.split} />
          </Col>
          <Col sm={6}>
            <TextField label={values.split === 'share' ? t('plan.monthlyBudget') : t('plan.monthlyFee')} inputMode="decimal" hint={t('form.amountHint')} registration={register('monthlyFee')} error={errors.monthlyFee} />
          </Col>
          <Col xs={6} sm={4}>
            <TextField label={t('plan.issueDay')} type="number" min={1} max={28} step={1} registration={register('issueDay')} error={errors.issueDay} hint={t('plan.issueDayHint')} />
          </Col>
          <Col xs={6} sm={4}>
            <TextField label={t('plan.dueDays')} type="number" min={0} max={90} step={1} registration={register('dueDays')} error={errors.dueDays} />
          </Col>
          <Col sm={4}>
            <TextField label={t('plan.reservePercent')} type="number" min={0} max={100} step="0.01" registration={register('reservePercent')} error={errors.reservePercent} hint={t('plan.reserveHint')} />
          </Col>
          <Col sm={4}>
            <SelectField label={t('plan.lateFee')} options={LATE_FEE_KINDS.map((value) => ({ value, label: t(`plan.lateFees.${value}`) }))} registration={register('lateFeeKind')} error={errors.lateFeeKind} />
          </Col>
          {kind !== 'none' && (
            <>
              <Col xs={6} sm={4}>
                <TextField label={kind === 'flat' ? t('plan.lateFeeAmount') : t('plan.lateFeePercent')} inputMode="decimal" registration={register('lateFeeValue')} error={errors.lateFeeValue} />
              </Col>
              <Col xs={6} sm={4}>
                <TextField label={t('plan.graceDays')} type="number" min={0} max={90} step={1} registration={register('graceDays')} error={errors.graceDays} />
              </Col>
            </>
          )}
        </Row>
        <PlanPreviewPanel preview={preview} split={values.split} valid={parsed.success} />
        <div className="d-flex justify-content-end mt-3">
          <SubmitButton pending={save.isPending} pendingLabel={t('common:status.saving')}>
            {t('plan.save')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function PlanPreviewPanel({ preview, split, valid }: { preview: ReturnType<typeof usePlanPreview>; split: string; valid: boolean }) {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  let body;
  if (!valid) body = <p className="small text-body-secondary mb-0">{t('plan.previewIncomplete')}</p>;
  else if (preview.isPending) body = <Spinner size="sm" aria-label={t('plan.previewLoading')} />;
  else if (preview.isError) body = <Alert variant="warning" className="mb-0 small">{errorMessage(preview.error)}</Alert>;
  else {
    const data = preview.data;
    const sharesOff = Math.abs(data.sharesTotal - 100) > 0.00005;
    body = (
      <>
        <p className="small mb-2">
          {t('plan.previewPeriod', { issue: formatDate(data.issueDate, 'day'), due: formatDate(data.dueDate, 'day') })}
        </p>
        {split === 'share' && (sharesOff || data.unitsWithoutShare > 0) && (
          <Alert variant="warning" className="small py-2 d-flex gap-2 align-items-start" data-testid="plan-shares-warning">
            <AlertTriangle size={16} aria-hidden className="flex-shrink-0 mt-1" />
            <span>{t('plan.sharesWarning', { total: data.sharesTotal, count: data.unitsWithoutShare })}</span>
          </Alert>
        )}
        <ListGroup as="ul" aria-label={t('plan.previewLabel')} aria-busy={preview.isPlaceholderData} className="small" data-testid="plan-preview">
          {data.lines.map((line) => (
            <ListGroup.Item as="li" key={line.unitId} className="d-flex flex-wrap justify-content-between gap-2" data-testid="plan-preview-line">
              <span>
                <span className="fw-semibold">{t('plan.unit', { number: line.unitNumber })}</span>
                {line.share !== null && <span className="text-body-secondary"> · {t('plan.share', { share: line.share })}</span>}
              </span>
              <span className="text-end">
                {formatMoney(line.base)}
                {line.reserve > 0 && <span className="text-body-secondary"> + {t('plan.reserveLine', { amount: formatMoney(line.reserve) })}</span>}
                {' = '}
                <span className="fw-semibold">{formatMoney(line.amount)}</span>
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
        <dl className="row small mt-2 mb-0" data-testid="plan-preview-totals">
          <dt className="col-7 col-sm-9 fw-normal">{t('plan.totalFees')}</dt>
          <dd className="col-5 col-sm-3 text-end mb-0">{formatMoney(data.totals.base)}</dd>
          <dt className="col-7 col-sm-9 fw-normal">{t('plan.totalReserve')}</dt>
          <dd className="col-5 col-sm-3 text-end mb-0">{formatMoney(data.totals.reserve)}</dd>
          <dt className="col-7 col-sm-9">{t('plan.totalMonth')}</dt>
          <dd className="col-5 col-sm-3 text-end mb-0 fw-semibold">{formatMoney(data.totals.amount)}</dd>
        </dl>
      </>
    );
  }
  return (
    <section aria-labelledby="plan-preview-heading" className="border rounded p-3 mt-3">
      <h4 id="plan-preview-heading" className="h6">{t('plan.previewTitle')}</h4>
      {body}
    </section>
  );
}
