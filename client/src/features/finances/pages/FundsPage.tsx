import { ArrowLeftRight, Landmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { todayThere } from '@shared/time';
import { useFunds } from '../api/queries';
import type { Fund } from '../api/types';
import { FundFormDialog, TransferDialog } from '../components/FundDialogs';
import { useFinancesLive } from '../components/live';
import { usePropertyParam } from '../components/usePropertyParam';
import { FinancesNav } from '../FinancesNav';

/** /finances/fondos: a property's funds with their balances at a date (a table, cards on a phone); add a fund, transfer between funds. */
export default function FundsPage() {
  const { t } = useTranslation('finances');
  const formatDate = useFormatDate();
  useFinancesLive();
  const { propertyId, setPropertyId, loading } = usePropertyParam({ firstByDefault: true });
  const [date, setDate] = useState(todayThere());
  const funds = useFunds(propertyId, date);
  const [adding, setAdding] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const total = (funds.data ?? []).reduce((sum, fund) => sum + fund.balance, 0);
  const columns: DataColumn<Fund>[] = [
    { id: 'name', header: t('funds.table.name'), card: 'title', cell: (fund) => <span className="fw-semibold">{fund.name}</span> },
    { id: 'kind', header: t('funds.table.kind'), cell: (fund) => t(`funds.kinds.${fund.kind}`) },
    {
      id: 'opening',
      header: t('funds.table.opening'),
      className: 'text-nowrap text-end',
      cell: (fund) => (
        <>
          {formatMoney(fund.openingBalance)}
          <div className="small text-body-secondary">{t('funds.openingOn', { date: formatDate(fund.openingDate, 'day') })}</div>
        </>
      ),
    },
    { id: 'balance', header: t('funds.table.balance'), className: 'text-nowrap text-end', cell: (fund) => <span className="fw-semibold" data-testid="fund-balance">{formatMoney(fund.balance)}</span> },
  ];

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
      ) : (
        <>
          <DataList
            columns={columns}
            query={{ ...funds, data: funds.data && { items: funds.data, total: funds.data.length }, isPlaceholderData: false }}
            rowKey={(fund) => fund.id}
            caption={t('funds.caption')}
            errorTitle={t('funds.error')}
            empty={{ icon: Landmark, title: t('funds.chooseTitle') }}
            testId="funds"
            rowTestId="fund-row"
          />
          {funds.data && (
            <p className="d-flex justify-content-between fw-semibold border-top pt-2 mt-2" data-testid="funds-total">
              <span>{t('funds.total')}</span>
              <span>{formatMoney(total)}</span>
            </p>
          )}
        </>
      )}
      <FundFormDialog propertyId={adding ? propertyId : null} onClose={() => setAdding(false)} />
      <TransferDialog funds={funds.data ?? []} show={transferring} onClose={() => setTransferring(false)} />
    </>
  );
}
