import { ArrowLeft, Ban, FileText, HandCoins, Paperclip, Receipt, SearchX, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DetailFields } from '@client/components/detail/DetailFields';
import { Timeline, type TimelineEntry } from '@client/components/detail/Timeline';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';
import { formatFileSize, formatMoney, useFormatDate } from '@client/lib/format';
import { EXPENSE_ATTACHMENT_TYPES, MAX_EXPENSE_ATTACHMENTS, MAX_EXPENSE_ATTACHMENT_BYTES, type ExpenseAttachmentType } from '@shared/schemas/financesFiles';
import { useAddAttachment } from '../api/mutations';
import { useExpense } from '../api/queries';
import type { ExpenseDetail } from '../api/types';
import { ExpenseStatusBadge, useCategoryLabel } from '../components/labels';
import { useFinancesLive } from '../components/live';
import { PayExpenseDialog } from '../components/PayExpenseDialog';
import { VoidExpenseDialog } from '../components/VoidExpenseDialog';
import { FinancesNav } from '../FinancesNav';

/** /finances/gastos/:id: the expense's facts, its payments and files, its timeline; pay, void, attach. */
export default function ExpenseDetailPage() {
  const { t } = useTranslation('finances');
  const id = Number(useParams().id);
  const expense = useExpense(id);
  useFinancesLive();
  const back = (
    <Link to="/finances/gastos" className="d-inline-flex align-items-center gap-1 small mb-2">
      <ArrowLeft size={14} aria-hidden />
      {t('detail.back')}
    </Link>
  );
  if (expense.isPending && Number.isSafeInteger(id) && id > 0) return <Loading />;
  if (!expense.data) {
    return (
      <>
        <PageHeader title={t('detail.notFoundTitle')}>{back}</PageHeader>
        {expense.isError && !isApiError(expense.error, 404) ? (
          <ErrorCard title={t('detail.error')} error={expense.error} onRetry={() => void expense.refetch()} />
        ) : (
          <EmptyState icon={SearchX} title={t('detail.notFoundTitle')} description={t('detail.notFound')} />
        )}
      </>
    );
  }
  return <Detail expense={expense.data} back={back} />;
}

function Detail({ expense, back }: { expense: ExpenseDetail; back: React.ReactNode }) {
  const { t } = useTranslation('finances');
  const formatDate = useFormatDate();
  const categoryLabel = useCategoryLabel();
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const day = (value: string | null) => (value ? formatDate(value, 'day') : null);
  const fields = [
    { label: t('detail.status'), value: <ExpenseStatusBadge expense={expense} /> },
    { label: t('detail.property'), value: expense.propertyName },
    { label: t('detail.fund'), value: expense.fundName },
    { label: t('detail.category'), value: categoryLabel(expense.category) },
    { label: t('detail.supplier'), value: expense.supplierName },
    { label: t('detail.invoiceNumber'), value: expense.invoiceNumber },
    { label: t('detail.ncf'), value: expense.ncf },
    { label: t('detail.issueDate'), value: day(expense.issueDate) },
    { label: t('detail.dueDate'), value: day(expense.dueDate) },
    { label: t('detail.amount'), value: formatMoney(expense.amount) },
    { label: t('detail.itbis'), value: formatMoney(expense.itbis) },
    { label: t('detail.total'), value: <strong>{formatMoney(expense.total)}</strong> },
    { label: t('detail.paid'), value: formatMoney(expense.paidAmount) },
    { label: t('detail.balance'), value: <span data-testid="expense-detail-balance">{formatMoney(expense.balance)}</span> },
    ...(expense.voidReason ? [{ label: t('detail.voidReason'), value: expense.voidReason }] : []),
  ];
  const entries: TimelineEntry[] = [
    { id: 'created', icon: Receipt, at: expense.createdAt, text: t('detail.created', { amount: formatMoney(expense.total) }) },
    ...expense.payments.map((payment) => ({
      id: `payment-${payment.id}`,
      icon: HandCoins,
      at: payment.createdAt,
      text: t('detail.paidEntry', { amount: formatMoney(payment.amount), method: t(`methods.${payment.method}`) }),
      badge: { label: formatDate(payment.paidAt, 'day') },
    })),
    ...expense.attachments.map((file) => ({ id: `file-${file.id}`, icon: Paperclip, at: file.createdAt, text: t('detail.attachedEntry', { name: file.fileName ?? file.fileType }) })),
    ...(expense.voidedAt ? [{ id: 'voided', icon: XCircle, at: expense.voidedAt, text: t('detail.voidedEntry', { reason: expense.voidReason ?? '' }), badge: { label: t('statuses.voided'), bg: 'secondary' } }] : []),
  ].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());

  return (
    <>
      <PageHeader title={expense.description} documentTitle={`${expense.description} | ${t('title')}`}>
        {back}
      </PageHeader>
      <FinancesNav />
      {expense.status !== 'voided' && (
        <section aria-label={t('detail.facts')} className="d-flex flex-wrap gap-2 mb-4">
          {expense.status === 'pending' && (
            <Button onClick={() => setPaying(true)} className="d-inline-flex align-items-center gap-2">
              <HandCoins size={16} aria-hidden />
              {t('expenses.pay')}
            </Button>
          )}
          <Button variant="outline-danger" onClick={() => setVoiding(true)} className="d-inline-flex align-items-center gap-2">
            <Ban size={16} aria-hidden />
            {t('expenses.void')}
          </Button>
        </section>
      )}
      <Row className="g-4">
        <Col lg={7}>
          <Card className="mb-4">
            <Card.Body>
              <DetailFields fields={fields} />
            </Card.Body>
          </Card>
          <Card as="section" aria-labelledby="expense-files-title" className="mb-4">
            <Card.Body>
              <h2 id="expense-files-title" className="h5">
                {t('detail.attachments')}
              </h2>
              <Attachments expense={expense} />
            </Card.Body>
          </Card>
          <Card as="section" aria-labelledby="expense-payments-title" className="mb-4">
            <Card.Body>
              <h2 id="expense-payments-title" className="h5">
                {t('detail.payments')}
              </h2>
              {expense.payments.length ? (
                <ListGroup as="ul" variant="flush" data-testid="expense-payments">
                  {expense.payments.map((payment) => (
                    <ListGroup.Item as="li" key={payment.id} className="d-flex justify-content-between gap-2 px-0">
                      <span>
                        {formatDate(payment.paidAt, 'day')} · {t(`methods.${payment.method}`)}
                        {payment.reference && <span className="text-body-secondary"> · {payment.reference}</span>}
                      </span>
                      <span className="fw-semibold text-nowrap">{formatMoney(payment.amount)}</span>
                    </ListGroup.Item>
                  ))}
                </ListGroup>
              ) : (
                <p className="text-body-secondary mb-0">{t('detail.noPayments')}</p>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={5}>
          <Card as="section" aria-labelledby="expense-timeline-title">
            <Card.Body>
              <h2 id="expense-timeline-title" className="h5">
                {t('detail.timeline')}
              </h2>
              <Timeline entries={entries} label={t('detail.timelineLabel')} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <PayExpenseDialog expense={paying ? expense : null} onClose={() => setPaying(false)} />
      <VoidExpenseDialog expense={voiding ? expense : null} onClose={() => setVoiding(false)} />
    </>
  );
}

/** The expense's invoice photos (thumbnails) and PDFs, each opened in a new tab; add one more. */
function Attachments({ expense }: { expense: ExpenseDetail }) {
  const { t } = useTranslation('finances');
  const add = useAddAttachment(expense.id);
  const inputId = useId();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!(file.type in EXPENSE_ATTACHMENT_TYPES)) return toast({ title: t('expenseForm.photoType'), variant: 'destructive' });
    if (file.size > MAX_EXPENSE_ATTACHMENT_BYTES) return toast({ title: t('expenseForm.photoTooLarge'), variant: 'destructive' });
    add.mutate(
      { fileName: file.name, fileType: file.type as ExpenseAttachmentType, content: await readAsBase64(file) },
      {
        onSuccess: () => toast({ title: t('detail.attachmentAdded'), variant: 'success' }),
        onError: (error) => toast({ title: t('detail.actionFailed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <>
      {expense.attachments.length ? (
        <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0" data-testid="expense-attachments">
          {expense.attachments.map((file) => {
            const name = file.fileName ?? file.fileType;
            return (
              <li key={file.id}>
                <a href={file.url} target="_blank" rel="noreferrer" className="d-inline-flex flex-column align-items-center gap-1 text-decoration-none">
                  {file.fileType.startsWith('image/') ? (
                    <img src={file.url} alt="" loading="lazy" className="vec-finances-thumb rounded border" />
                  ) : (
                    <span className="vec-finances-thumb rounded border d-inline-flex align-items-center justify-content-center">
                      <FileText size={32} aria-hidden />
                    </span>
                  )}
                  <span className="small text-truncate" style={{ maxWidth: 96 }}>
                    {name}
                  </span>
                  <span className="small text-body-secondary">{formatFileSize(file.sizeBytes)}</span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-body-secondary mb-0">{t('detail.noAttachments')}</p>
      )}
      {expense.attachments.length < MAX_EXPENSE_ATTACHMENTS && (
        <Form.Group controlId={inputId} className="mt-3">
          <Form.Label className="small">{t('detail.addAttachment')}</Form.Label>
          <Form.Control type="file" size="sm" accept="image/*,application/pdf" capture="environment" disabled={add.isPending} onChange={(event) => void onFile((event.target as HTMLInputElement).files?.[0])} />
        </Form.Group>
      )}
    </>
  );
}
