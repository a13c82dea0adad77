import { Building2 } from 'lucide-react';
import { Col, Form, Nav, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { todayThere } from '@shared/time';
import { EmptyState } from '@client/components/EmptyState';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { param, useListFilters } from '@client/hooks/use-list-filters';
import { usePropertyParam } from '../../components/usePropertyParam';
import { FinancesNav } from '../../FinancesNav';
import { AccountsView } from '../components/AccountsView';
import { JournalView } from '../components/JournalView';
import { BalanceSheetView, IncomeStatementView, TrialBalanceView } from '../components/Statements';

const VIEWS = ['trial', 'balance', 'income', 'journal', 'accounts'] as const;
type View = (typeof VIEWS)[number];

/** What the URL keeps: the statement shown, the period, the journal's account (the property: usePropertyParam). */
const STATEMENT_FILTERS = {
  view: param.oneOf(VIEWS, 'trial'),
  from: param.day,
  to: param.day,
  accountId: param.id,
};

/**
 * /finances/estados: a property's books. The trial balance and the balance sheet at a date, the
 * income statement of a period (both with their PDF), the journal and the organization's chart of
 * accounts. Administrators only (the '/finances' rule).
 */
export default function StatementsPage() {
  const { t } = useTranslation('financesStatements');
  const { propertyId, setPropertyId, loading } = usePropertyParam({ firstByDefault: true });
  const list = useListFilters(STATEMENT_FILTERS);
  const { view, accountId } = list.filters;
  const to = list.filters.to ?? todayThere();
  const from = list.filters.from ?? `${to.slice(0, 4)}-01-01`;
  const showFrom = view === 'income' || view === 'journal';
  const showTo = view !== 'accounts';

  return (
    <>
      <PageHeader title={t('title')} documentTitle={`${t('title')} | ${t('finances')}`} description={t('description')} />
      <FinancesNav />
      <Nav variant="pills" className="mb-3 gap-1 flex-nowrap overflow-auto" role="tablist" aria-label={t('views.label')}>
        {VIEWS.map((key) => (
          <Nav.Item key={key}>
            <Nav.Link
              as="button"
              type="button"
              role="tab"
              aria-selected={view === key}
              active={view === key}
              className="text-nowrap"
              data-testid={`statements-view-${key}`}
              onClick={() => list.update({ view: key })}
            >
              {t(`views.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {view !== 'accounts' && (
        <Row className="g-3 mb-3">
          <Col sm={12} md={5}>
            <PropertySelect className="" label={t('property')} emptyLabel={t('chooseProperty')} value={propertyId} onChange={setPropertyId} />
          </Col>
          {showFrom && (
            <Col xs={6} md={3}>
              <Form.Group controlId="statements-from">
                <Form.Label>{t('from')}</Form.Label>
                <Form.Control type="date" value={list.filters.from ?? (view === 'income' ? from : '')} onChange={(event) => list.update({ from: event.target.value || null })} />
              </Form.Group>
            </Col>
          )}
          {showTo && (
            <Col xs={6} md={3}>
              <Form.Group controlId="statements-to">
                <Form.Label>{view === 'income' || view === 'journal' ? t('to') : t('at')}</Form.Label>
                <Form.Control type="date" value={list.filters.to ?? (view === 'journal' ? '' : to)} onChange={(event) => list.update({ to: event.target.value || null })} />
              </Form.Group>
            </Col>
          )}
        </Row>
      )}
      <Body
        view={view}
        propertyId={propertyId}
        loading={loading}
        from={from}
        to={to}
        journal={{
          accountId,
          from: list.filters.from,
          to: list.filters.to,
          page: list.page,
          onAccount: (id) => list.update({ accountId: id }),
          onPage: list.setPage,
          filtered: (accountId !== null || list.filters.from !== null || list.filters.to !== null) && { onClear: () => list.update({ accountId: null, from: null, to: null }) },
        }}
      />
    </>
  );
}

type BodyProps = {
  view: View;
  propertyId: number | null;
  loading: boolean;
  from: string;
  to: string;
  journal: Omit<Parameters<typeof JournalView>[0], 'propertyId'>;
};

function Body({ view, propertyId, loading, from, to, journal }: BodyProps) {
  const { t } = useTranslation('financesStatements');
  if (view === 'accounts') return <AccountsView />;
  if (propertyId === null) return loading ? <Loading /> : <EmptyState icon={Building2} title={t('chooseProperty')} description={t('choosePropertyHint')} />;
  if (view === 'trial') return <TrialBalanceView propertyId={propertyId} to={to} />;
  if (view === 'balance') return <BalanceSheetView propertyId={propertyId} to={to} />;
  if (view === 'income') return <IncomeStatementView propertyId={propertyId} from={from} to={to} />;
  return <JournalView propertyId={propertyId} {...journal} />;
}
