import { BellRing, FileDown, FileText, HandCoins, Handshake, Mail, PartyPopper, Phone } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '@client/components/lazy-dialog';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar, type ToolbarTab } from '@client/components/list/ListToolbar';
import { RowActionsMenu } from '@client/components/list/RowActionsMenu';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { useCsvDownload } from '@client/hooks/use-csv-download';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { AGING_BUCKETS, type AgingBucket } from '@shared/billing';
import type { DelinquencyRow } from '@shared/schemas/billing';
import { BILLING_PAGE_SIZE } from '../api/queries';
import { delinquencyFile, useDelinquency, type DelinquencyFilters } from '../api/plans';
import { AgreementStatusBadge } from './labels';

// The dialogs' forms load when each first opens (components/lazy-dialog.tsx).
const ReminderDialog = lazyDialog(() => import('./ReminderDialog').then((m) => m.ReminderDialog), (p) => p.rows !== null);
const AgreementDialog = lazyDialog(() => import('./AgreementDialog').then((m) => m.AgreementDialog), (p) => p.target !== null);

type ToolbarTabs = { label: string; value: string; items: ToolbarTab[]; onChange: (value: string) => void };

/**
 * Morosidad: the units with an overdue balance, by age (0-30, 31-60, 61-90, 90+ days past
 * due), with the totals per bucket, the last payment, and the report as CSV and PDF (the
 * "relación de cuotas adeudadas" for the assembly). Filters stay in the tab's state.
 */
export function DelinquencyList({ tabs, onPay, onStatement }: { tabs: ToolbarTabs; onPay: (row: DelinquencyRow) => void; onStatement: (unitId: number) => void }) {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const [filters, setFilters] = useState<DelinquencyFilters>({ q: '', propertyId: null, bucket: null });
  const [page, setPage] = useState(1);
  const [reminding, setReminding] = useState<DelinquencyRow[] | null>(null);
  const [agreeing, setAgreeing] = useState<{ unitId: number; name: string } | null>(null);
  const { t: tc } = useTranslation('collections');
  const update = (change: Partial<DelinquencyFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const report = useDelinquency(filters, page);
  const pdf = useCsvDownload();
  const query = { ...report, data: report.data && { items: report.data.rows, total: report.data.total } };
  const active = [filters.propertyId, filters.bucket].filter(Boolean).length;
  const clear = () => update({ q: '', propertyId: null, bucket: null });

  const columns: DataColumn<DelinquencyRow>[] = [
    {
      id: 'unit',
      header: t('table.unit'),
      card: 'title',
      cell: (row) => (
        <div className="min-w-0">
          <div className="fw-semibold text-break" data-testid="delinquent-unit">
            {`${row.propertyName} · ${row.unitNumber}`}
            {row.agreement && (
              <span className="ms-2 small" title={tc('agreements.title')}>
                <AgreementStatusBadge status={row.agreement.status} />
              </span>
            )}
          </div>
          {row.contact ? (
            <div className="small text-body-secondary text-break" data-testid="delinquent-contact">
              <div>{`${row.contact.name ?? ''} (${t(row.contact.isOwner ? 'delinquency.owner' : 'delinquency.resident')})`}</div>
              {row.contact.phone && (
                <a href={`tel:${row.contact.phone}`} className="d-inline-flex align-items-center gap-1 me-2">
                  <Phone size={12} aria-hidden />
                  {row.contact.phone}
                </a>
              )}
              {row.contact.email && (
                <a href={`mailto:${row.contact.email}`} className="d-inline-flex align-items-center gap-1 text-break">
                  <Mail size={12} aria-hidden />
                  {row.contact.email}
                </a>
              )}
            </div>
          ) : (
            <div className="small text-body-secondary">{t('delinquency.noContact')}</div>
          )}
        </div>
      ),
    },
    ...AGING_BUCKETS.map((bucket): DataColumn<DelinquencyRow> => ({
      id: bucket,
      header: t(`delinquency.buckets.${bucket}`),
      className: 'text-nowrap text-end',
      cell: (row) => (row.buckets[bucket] ? formatMoney(row.buckets[bucket]) : '—'),
    })),
    { id: 'overdue', header: t('delinquency.total'), className: 'text-nowrap text-end fw-semibold', cell: (row) => formatMoney(row.overdue) },
    {
      id: 'lastPayment',
      header: t('delinquency.lastPayment'),
      className: 'text-nowrap',
      cell: (row) => (row.lastPaymentAt ? formatDate(row.lastPaymentAt, 'day') : t('delinquency.never')),
    },
  ];

  return (
    <>
      <ListToolbar
        label={t('delinquency.toolbar')}
        tabs={tabs}
        search={{ value: filters.q, onChange: (q) => update({ q }), label: t('delinquency.search'), placeholder: t('delinquency.searchPlaceholder') }}
        filters={
          <>
            <PropertySelect className="" label={t('toolbar.property')} emptyLabel={t('toolbar.allProperties')} value={filters.propertyId} onChange={(propertyId) => update({ propertyId })} />
            <FilterSelect
              label={t('delinquency.bucket')}
              emptyLabel={t('delinquency.allBuckets')}
              value={filters.bucket}
              options={AGING_BUCKETS.map((bucket) => ({ value: bucket, label: t(`delinquency.buckets.${bucket}`) }))}
              onChange={(bucket) => update({ bucket: bucket as AgingBucket | null })}
            />
          </>
        }
        activeFilters={active}
        onClear={clear}
        csv={delinquencyFile(filters, 'csv')}
      />
      {report.data && (
        <Row xs={2} md={5} className="g-2 mb-3" data-testid="delinquency-totals">
          {AGING_BUCKETS.map((bucket) => (
            <Col key={bucket}>
              <Card body className="h-100 small">
                <div className="text-body-secondary">{t(`delinquency.buckets.${bucket}`)}</div>
                <div className="fw-semibold">{formatMoney(report.data.totals[bucket])}</div>
              </Card>
            </Col>
          ))}
          <Col>
            <Card body className="h-100 small border-danger">
              <div className="text-body-secondary">{t('delinquency.totalUnits', { count: report.data.total })}</div>
              <div className="fw-semibold text-danger">{formatMoney(report.data.totals.overdue)}</div>
            </Card>
          </Col>
        </Row>
      )}
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-2">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={!report.data?.rows.length}
          onClick={() => setReminding(report.data?.rows ?? [])}
          className="d-inline-flex align-items-center gap-1"
          data-testid="remind-page"
        >
          <BellRing size={16} aria-hidden />
          {t('reminders.sendPage', { count: report.data?.rows.length ?? 0 })}
        </Button>
        <Button variant="outline-secondary" size="sm" disabled={pdf.pending} onClick={() => pdf.download(delinquencyFile(filters, 'pdf'))} className="d-inline-flex align-items-center gap-1">
          <FileDown size={16} aria-hidden />
          {t('delinquency.pdf')}
        </Button>
      </div>
      <DataList
        columns={columns}
        query={query}
        rowKey={(row) => row.unitId}
        caption={t('tabs.delinquency')}
        actions={(row) => (
          <RowActionsMenu
            name={`${row.propertyName} · ${row.unitNumber}`}
            actions={[
              { label: t('actions.recordPayment'), icon: HandCoins, onClick: () => onPay(row) },
              { label: t('actions.statement'), icon: FileText, onClick: () => onStatement(row.unitId) },
              { label: t('reminders.action'), icon: BellRing, onClick: () => setReminding([row]) },
              ...(row.agreement?.status === 'active' ? [] : [{ label: tc('agreements.create'), icon: Handshake, onClick: () => setAgreeing({ unitId: row.unitId, name: `${row.propertyName} · ${row.unitNumber}` }) }]),
            ]}
          />
        )}
        errorTitle={t('delinquency.error')}
        empty={{ icon: PartyPopper, title: t('delinquency.emptyTitle'), description: t('delinquency.empty') }}
        filtered={(Boolean(filters.q) || active > 0) && { title: t('empty.filteredTitle'), description: t('empty.filtered'), onClear: clear }}
        pagination={{ page, pageSize: BILLING_PAGE_SIZE, onChange: setPage, label: t('pager.label') }}
        testId="delinquency"
        rowTestId="delinquency-row"
      />
      <ReminderDialog rows={reminding} onClose={() => setReminding(null)} />
      <AgreementDialog target={agreeing} onClose={() => setAgreeing(null)} />
    </>
  );
}
