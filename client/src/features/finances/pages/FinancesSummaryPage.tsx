import { BarChart3, Landmark, ReceiptText, TrendingDown, TrendingUp } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { formatMoney } from '@client/lib/format';
import { useFinancesSummary } from '../api/queries';
import type { FinancesSummary } from '../api/types';
import { useFinancesLive } from '../components/live';
import { usePropertyParam } from '../components/usePropertyParam';
import { FinancesNav } from '../FinancesNav';

// The chart library comes only with this page, and only once there is something to draw.
const CashFlowChart = lazy(() => import('../components/CashFlowChart'));

/** The summary's answer in one shape: its cards at the top level or under `cards`. */
function cardsOf(summary: FinancesSummary) {
  const cards = summary.cards ?? summary;
  const pending = cards.pendingExpenses;
  return {
    funds: cards.funds ?? [],
    monthIncome: cards.monthIncome ?? 0,
    monthExpenses: cards.monthExpenses ?? 0,
    pendingAmount: typeof pending === 'number' ? pending : (pending?.amount ?? pending?.total ?? 0),
    pendingCount: typeof pending === 'number' ? null : (pending?.count ?? null),
  };
}

/** /finances (Resumen): of one property (the first by default), the funds, this month's income and expenses, what is owed, and 12 months of cash flow. */
export default function FinancesSummaryPage() {
  const { t } = useTranslation('finances');
  useFinancesLive();
  const { propertyId, setPropertyId, loading } = usePropertyParam({ firstByDefault: true });
  const summary = useFinancesSummary(propertyId);
  return (
    <>
      <PageHeader title={t('title')} description={t('summary.description')} />
      <FinancesNav />
      <Row className="mb-3">
        <Col sm={7} md={5}>
          <PropertySelect className="" label={t('property')} emptyLabel={t('chooseProperty')} value={propertyId} onChange={setPropertyId} />
        </Col>
      </Row>
      {propertyId === null ? (
        loading ? <Loading /> : <EmptyState icon={BarChart3} title={t('funds.chooseTitle')} description={t('funds.choose')} />
      ) : summary.isPending ? (
        <Loading />
      ) : summary.isError ? (
        <ErrorCard title={t('summary.error')} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Summary summary={summary.data} />
      )}
    </>
  );
}

function Summary({ summary }: { summary: FinancesSummary }) {
  const { t } = useTranslation('finances');
  const cards = cardsOf(summary);
  const cashFlow = summary.cashFlow ?? [];
  const moved = cashFlow.some((month) => month.income || month.expenses);
  return (
    <>
      <Row xs={1} sm={2} xl={4} className="g-3 mb-4" data-testid="finances-cards">
        <Col>
          <FigureCard icon={<Landmark size={20} aria-hidden />} label={t('summary.funds')} value={formatMoney(cards.funds.reduce((sum, fund) => sum + fund.balance, 0))}>
            <ul className="list-unstyled small mb-0 mt-2">
              {cards.funds.map((fund) => (
                <li key={fund.id} className="d-flex justify-content-between gap-2">
                  <span className="text-truncate">{fund.name}</span>
                  <span className="text-nowrap">{formatMoney(fund.balance)}</span>
                </li>
              ))}
            </ul>
          </FigureCard>
        </Col>
        <Col>
          <FigureCard icon={<TrendingUp size={20} aria-hidden />} label={t('summary.monthIncome')} value={formatMoney(cards.monthIncome)} />
        </Col>
        <Col>
          <FigureCard icon={<TrendingDown size={20} aria-hidden />} label={t('summary.monthExpenses')} value={formatMoney(cards.monthExpenses)} />
        </Col>
        <Col>
          <FigureCard icon={<ReceiptText size={20} aria-hidden />} label={t('summary.pendingExpenses')} value={formatMoney(cards.pendingAmount)}>
            {cards.pendingCount !== null && (
              <Link to="/finances/gastos?status=pending" className="small">
                {t('summary.pendingCount', { count: cards.pendingCount })}
              </Link>
            )}
          </FigureCard>
        </Col>
      </Row>
      <Card as="section" aria-labelledby="cash-flow-title">
        <Card.Body>
          <h2 id="cash-flow-title" className="h5">
            {t('summary.cashFlow')}
          </h2>
          {moved ? (
            <figure className="mb-0" aria-label={t('summary.chartLabel')}>
              <Suspense fallback={<Loading label={t('summary.loadingChart')} />}>
                <CashFlowChart months={cashFlow} />
              </Suspense>
              <CashFlowTable months={cashFlow} />
            </figure>
          ) : (
            <p className="text-body-secondary mb-0">{t('summary.noCashFlow')}</p>
          )}
        </Card.Body>
      </Card>
    </>
  );
}

function FigureCard({ icon, label, value, children }: { icon: ReactNode; label: string; value: string; children?: ReactNode }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <div className="d-flex align-items-center gap-2 text-body-secondary small">
          {icon}
          {label}
        </div>
        <div className="fs-4 fw-semibold mt-1">{value}</div>
        {children}
      </Card.Body>
    </Card>
  );
}

/** The chart's figures as a table for screen readers (the chart itself is a picture to them). */
function CashFlowTable({ months }: { months: Array<{ month: string; income: number; expenses: number }> }) {
  const { t } = useTranslation('finances');
  return (
    <table className="visually-hidden">
      <caption>{t('summary.chartLabel')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('expenses.table.date')}</th>
          <th scope="col">{t('summary.income')}</th>
          <th scope="col">{t('summary.expenses')}</th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{month.month}</th>
            <td>{formatMoney(month.income)}</td>
            <td>{formatMoney(month.expenses)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
