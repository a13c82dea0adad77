import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Landmark, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { Pager } from '@client/components/Pager';
import { PageHeader } from '@client/components/PageHeader';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { useLiveEvents } from '@client/lib/live-events';
import { todayThere } from '@shared/time';
import {
  newIdempotencyKey,
  refreshBank,
  useBankAccounts,
  LINES_PAGE_SIZE,
  useBankLines,
  useMarkReconciled,
  useMatchLine,
  useReconciliation,
  useUnmatchLine,
  type BankAccount,
  type BankLine,
  type BookEntry,
} from '../api';
import { AccountDialog } from '../components/AccountDialog';
import { CreateFromLineDialog } from '../components/CreateFromLineDialog';
import { FinancesNav } from '../../FinancesNav';
import { ImportDialog } from '../components/ImportDialog';
import { PickEntryDialog } from '../components/PickEntryDialog';

const LIVE_PREFIXES = ['bank.', 'bank_account.', 'income.', 'expense.', 'payment.'];

/**
 * /finances/conciliacion: pick a property's bank account and a month, import the bank's
 * statement, confirm the suggested pairs in one tap (or pick another, or create the expense or
 * income a line is), and compare the month's bank and book balances; mark it reconciled when
 * they agree. Live events refresh it (another administrator matching or importing).
 */
export default function ReconciliationPage() {
  const { t } = useTranslation('financesBank');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const propertyId = params.get('propertyId') ? Number(params.get('propertyId')) : null;
  const month = params.get('month') ?? todayThere().slice(0, 7);
  const accounts = useBankAccounts(propertyId);
  const accountId = params.get('accountId') ? Number(params.get('accountId')) : (accounts.data?.find((a) => a.receivesPayments) ?? accounts.data?.[0])?.id ?? null;
  const account = accounts.data?.find((a) => a.id === accountId) ?? null;
  const linesPage = Math.max(1, Number(params.get('page')) || 1);
  const lines = useBankLines(account?.id ?? null, month, linesPage);
  const figures = useReconciliation(account?.id ?? null, month);
  const [dialog, setDialog] = useState<'account' | 'import' | null>(null);
  const [creating, setCreating] = useState<BankLine | null>(null);
  const [picking, setPicking] = useState<BankLine | null>(null);
  const [undoing, setUndoing] = useState<BankLine | null>(null);
  const match = useMatchLine();
  const unmatch = useUnmatchLine();
  const mark = useMarkReconciled(account?.id ?? 0);

  useLiveEvents((event) => {
    if (LIVE_PREFIXES.some((prefix) => event.type.startsWith(prefix))) void refreshBank(queryClient);
  });

  const setParam = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });

  const confirm = (line: BankLine, entry: BookEntry) =>
    match.mutate(
      { lineId: line.id, key: newIdempotencyKey(), body: entry.kind === 'payment' ? { paymentId: entry.id } : { expensePaymentId: entry.id } },
      { onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }) },
    );

  const entryText = (entry: BookEntry) => `${t(`kinds.${entry.kind}`)} · ${entry.date} · ${entry.description}`;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          propertyId !== null && (
            <>
              <Button variant="outline-primary" onClick={() => setDialog('account')}>
                <Plus size={16} aria-hidden /> {t('actions.newAccount')}
              </Button>
              {account && (
                <Button onClick={() => setDialog('import')}>
                  <Upload size={16} aria-hidden /> {t('actions.import')}
                </Button>
              )}
            </>
          )
        }
      />
      <FinancesNav />
      <Row className="g-2 align-items-end mb-3">
        <Col md={5}>
          <PropertySelect label={t('filters.property')} emptyLabel={t('filters.chooseProperty')} value={propertyId} onChange={(id) => setParam({ propertyId: id ? String(id) : null, accountId: null, page: null })} className="mb-0" />
        </Col>
        {accounts.data && accounts.data.length > 0 && (
          <Col md={4}>
            <Form.Group controlId="reconciliation-account">
              <Form.Label>{t('filters.account')}</Form.Label>
              <Form.Select value={accountId ?? ''} onChange={(event) => setParam({ accountId: event.target.value, page: null })}>
                {accounts.data.map((item) => (
                  <option key={item.id} value={item.id}>
                    {accountLabel(item)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        )}
        <Col md={3}>
          <Form.Group controlId="reconciliation-month">
            <Form.Label>{t('filters.month')}</Form.Label>
            <Form.Control type="month" value={month} onChange={(event) => setParam({ month: event.target.value || null, page: null })} />
          </Form.Group>
        </Col>
      </Row>

      {propertyId === null ? (
        <EmptyState icon={Landmark} title={t('empty.property')} />
      ) : accounts.isPending ? (
        <Loading />
      ) : accounts.isError ? (
        <ErrorCard error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : !account ? (
        <EmptyState icon={Landmark} title={t('empty.accounts')} description={t('empty.accountsHint')} action={<Button onClick={() => setDialog('account')}>{t('actions.newAccount')}</Button>} />
      ) : (
        <>
          {figures.data && (
            <section aria-label={t('figures.label')} className="mb-4">
              <Row className="g-3">
                <Col sm={4}>
                  <Card body>
                    <div className="small text-body-secondary">{t('figures.bank')}</div>
                    <div className="h4 mb-0" data-testid="bank-closing">{formatMoney(figures.data.bankClosing)}</div>
                  </Card>
                </Col>
                <Col sm={4}>
                  <Card body>
                    <div className="small text-body-secondary">{t('figures.book')}</div>
                    <div className="h4 mb-0" data-testid="book-closing">{formatMoney(figures.data.bookClosing)}</div>
                  </Card>
                </Col>
                <Col sm={4}>
                  <Card body border={figures.data.difference === 0 ? 'success' : 'warning'}>
                    <div className="small text-body-secondary">{t('figures.difference')}</div>
                    <div className="h4 mb-1" data-testid="difference">{formatMoney(figures.data.difference)}</div>
                    {figures.data.reconciled ? (
                      <Badge bg="success">{t('figures.reconciled', { date: figures.data.reconciled.at.slice(0, 10) })}</Badge>
                    ) : (
                      <Button size="sm" variant="success" disabled={figures.data.difference !== 0 || mark.isPending} onClick={() => mark.mutate(month, { onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }) })}>
                        <CheckCheck size={16} aria-hidden /> {t('actions.markReconciled')}
                      </Button>
                    )}
                  </Card>
                </Col>
              </Row>
              <p className="small text-body-secondary mt-2 mb-0">
                {t('figures.explained', { bank: formatMoney(figures.data.unreconciled.bankTotal), book: formatMoney(figures.data.unreconciled.bookTotal) })}
              </p>
            </section>
          )}
          <Row className="g-4">
            <Col xl={8}>
              <h2 className="h5">{t('lines.title')}</h2>
              {lines.isPending ? (
                <Loading />
              ) : lines.isError ? (
                <ErrorCard error={lines.error} onRetry={() => void lines.refetch()} />
              ) : !lines.data.items.length ? (
                <EmptyState title={t('empty.lines')} description={t('empty.linesHint')} />
              ) : (
                <Table responsive hover size="sm" className="align-middle">
                  <thead>
                    <tr>
                      <th scope="col">{t('lines.date')}</th>
                      <th scope="col">{t('lines.description')}</th>
                      <th scope="col" className="text-end">{t('lines.amount')}</th>
                      <th scope="col">{t('lines.match')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.data.items.map((line) => (
                      <tr key={line.id} data-testid="bank-line" data-status={line.status}>
                        <td className="text-nowrap">{line.date}</td>
                        <td>
                          {line.description}
                          {line.reference && <div className="small text-body-secondary">{line.reference}</div>}
                        </td>
                        <td className={`text-end text-nowrap ${line.amount < 0 ? 'text-danger' : 'text-success'}`}>{formatMoney(line.amount)}</td>
                        <td>
                          {line.matched ? (
                            <div className="d-flex flex-wrap gap-2 align-items-center">
                              <Badge bg="success-subtle" text="success-emphasis">{t('lines.matched', { entry: entryText(line.matched) })}</Badge>
                              <Button size="sm" variant="link" onClick={() => setUndoing(line)}>
                                {t('actions.unmatch')}
                              </Button>
                            </div>
                          ) : (
                            <div className="d-flex flex-wrap gap-1 align-items-center">
                              {line.suggestion && (
                                <>
                                  <span className="small">{t('lines.suggested', { entry: entryText(line.suggestion) })}</span>
                                  <Button size="sm" onClick={() => confirm(line, line.suggestion!)} disabled={match.isPending}>
                                    {t('actions.confirm')}
                                  </Button>
                                </>
                              )}
                              <Button size="sm" variant="outline-secondary" onClick={() => setPicking(line)}>
                                {t('actions.pickOther')}
                              </Button>
                              <Button size="sm" variant="outline-secondary" onClick={() => setCreating(line)}>
                                {t(line.amount < 0 ? 'actions.createExpense' : 'actions.createIncome')}
                              </Button>
                            </div>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
              {lines.data && lines.data.total > LINES_PAGE_SIZE && (
                <Pager page={linesPage} pageSize={LINES_PAGE_SIZE} total={lines.data.total} onChange={(page) => setParam({ page: page > 1 ? String(page) : null })} label={t('lines.pager')} />
              )}
            </Col>
            <Col xl={4}>
              <h2 className="h5">{t('book.title')}</h2>
              {figures.data && !figures.data.unreconciled.book.length ? (
                <p className="text-body-secondary">{t('empty.book')}</p>
              ) : (
                <ul className="list-group" data-testid="book-entries">
                  {figures.data?.unreconciled.book.map((entry) => (
                    <li key={`${entry.kind}-${entry.id}`} className="list-group-item d-flex justify-content-between gap-2">
                      <span className="small">{entryText(entry)}</span>
                      <span className="text-nowrap">{formatMoney(entry.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Col>
          </Row>
        </>
      )}

      {propertyId !== null && (
        <AccountDialog
          propertyId={propertyId}
          show={dialog === 'account'}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            setDialog(null);
            setParam({ accountId: String(created.id) });
          }}
        />
      )}
      {account && <ImportDialog account={account} show={dialog === 'import'} onClose={() => setDialog(null)} />}
      {propertyId !== null && creating && <CreateFromLineDialog line={creating} propertyId={propertyId} onClose={() => setCreating(null)} />}
      <PickEntryDialog line={picking} entries={figures.data?.unreconciled.book ?? []} onClose={() => setPicking(null)} />
      <ConfirmDialog
        show={undoing !== null}
        title={t('confirmUnmatch.title')}
        confirmLabel={t('confirmUnmatch.confirm')}
        variant="danger"
        pending={unmatch.isPending}
        onCancel={() => setUndoing(null)}
        onConfirm={() => undoing && unmatch.mutate(undoing.id, { onSettled: () => setUndoing(null) })}
      >
        {t('confirmUnmatch.body')}
      </ConfirmDialog>
    </>
  );
}

const accountLabel = (account: BankAccount) => `${account.bankName} ****${account.last4}${account.name ? ` · ${account.name}` : ''}`;
