import { ArrowLeftRight, Landmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { todayThere } from '@shared/time';
import { useFunds } from '../api/queries';
import { FundFormDialog, TransferDialog } from '../components/FundDialogs';
import { useFinancesLive } from '../components/live';
import { usePropertyParam } from '../components/usePropertyParam';
import { FinancesNav } from '../FinancesNav';

/** /finances/fondos: a property's funds with their balances at a date; add a fund, transfer between funds. */
export default function FundsPage() {
  const { t } = useTranslation('finances');
  const formatDate = useFormatDate();
  useFinancesLive();
  const { propertyId, setPropertyId, loading } = usePropertyParam();
  const [date, setDate] = useState(todayThere());
  const funds = useFunds(propertyId, date);
  const [adding, setAdding] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const total = (funds.data ?? []).reduce((sum, fund) => sum + fund.balance, 0);

  return (
    <>
      <PageHeader
        title={t('funds.title')}
        documentTitle={`${t('funds.title')} | ${t('title')}`}
        description={t('funds.description')}
        actions={
          <>
            <Button variant="outline-primary" disabled={(funds.data?.length ?? 0) < 2} onClick={() => setTransferring(true)} className="d-inline-flex align-items-center gap-2">
              <ArrowLeftRight size={18} aria-hidden />
              {t('funds.transfer')}
            </Button>
            <Button disabled={propertyId === null} onClick={() => setAdding(true)} className="d-inline-flex align-items-center gap-2">
              <Plus size={18} aria-hidden />
              {t('funds.add')}
            </Button>
          </>
        }
      />
      <FinancesNav />
      <Row className="g-3 mb-3">
        <Col sm={7} md={5}>
          <PropertySelect className="" label={t('property')} emptyLabel={t('chooseProperty')} value={propertyId} onChange={setPropertyId} />
        </Col>
        <Col sm={5} md={3}>
          <Form.Group controlId="funds-date">
            <Form.Label>{t('funds.date')}</Form.Label>
            <Form.Control type="date" value={date} onChange={(event) => setDate(event.target.value || todayThere())} />
          </Form.Group>
        </Col>
      </Row>
      {propertyId === null ? (
        loading ? <Loading /> : <EmptyState icon={Landmark} title={t('funds.chooseTitle')} description={t('funds.choose')} />
      ) : funds.isPending ? (
        <Loading />
      ) : funds.isError ? (
        <ErrorCard title={t('funds.error')} error={funds.error} onRetry={() => void funds.refetch()} />
      ) : (
        <Card>
          <Table responsive className="mb-0 align-middle" data-testid="funds">
            <caption className="visually-hidden">{t('funds.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funds.table.name')}</th>
                <th scope="col">{t('funds.table.kind')}</th>
                <th scope="col" className="text-end">{t('funds.table.opening')}</th>
                <th scope="col" className="text-end">{t('funds.table.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {funds.data.map((fund) => (
                <tr key={fund.id} data-testid="fund-row">
                  <th scope="row" className="fw-semibold">{fund.name}</th>
                  <td>{t(`funds.kinds.${fund.kind}`)}</td>
                  <td className="text-end text-nowrap">
                    {formatMoney(fund.openingBalance)}
                    <div className="small text-body-secondary">{t('funds.openingOn', { date: formatDate(fund.openingDate, 'day') })}</div>
                  </td>
                  <td className="text-end text-nowrap fw-semibold" data-testid="fund-balance">{formatMoney(fund.balance)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>{t('funds.total')}</th>
                <td className="text-end text-nowrap fw-semibold">{formatMoney(total)}</td>
              </tr>
            </tfoot>
          </Table>
        </Card>
      )}
      <FundFormDialog propertyId={adding ? propertyId : null} onClose={() => setAdding(false)} />
      <TransferDialog funds={funds.data ?? []} show={transferring} onClose={() => setTransferring(false)} />
    </>
  );
}
