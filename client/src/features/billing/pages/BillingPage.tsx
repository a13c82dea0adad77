import { useQueryClient } from '@tanstack/react-query';
import { BadgePercent, CreditCard, Eye, FileText, HandCoins, Plus, ReceiptText, Send, Split, Undo2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { lazyDialog } from '@client/components/lazy-dialog';
import { DataList } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar, type ToolbarTab } from '@client/components/list/ListToolbar';
import { RowActionsMenu, type RowAction } from '@client/components/list/RowActionsMenu';
import { PageHeader } from '@client/components/PageHeader';
import { useCurrentUser } from '@client/lib/auth';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { useCsvDownload } from '@client/hooks/use-csv-download';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { useTabParam } from '@client/hooks/use-tab-param';
import { toast } from '@client/components/toast/toast';
import { formatMoney } from '@client/lib/format';
import { useLiveEvents } from '@client/lib/live-events';
import { CHARGE_FILTER_STATUSES, CHARGE_TYPES, PAYMENT_STATUSES } from '@shared/enums';
import { can } from '@shared/permissions';
import {
  BILLING_PAGE_SIZE,
  CHARGE_FILTERS,
  PAYMENT_FILTERS,
  chargesExport,
  paymentsExport,
  refreshBilling,
  useBillingSummary,
  useBillingUnits,
  useCharges,
  usePayments,
  useReportedCount,
} from '../api/queries';
import type { BillingUnit, Charge, Payment } from '../api/types';
import { BillingCards } from '../components/BillingCards';
import { useChargeColumns, usePaymentColumns } from '../components/columns';
import { DelinquencyList } from '../components/DelinquencyList';
import type { PaymentStart } from '../components/RecordPaymentDialog';

// The dialogs' code (forms, zod, react-hook-form) loads when each first opens (components/lazy-dialog.tsx).
const CreateChargeDialog = lazyDialog(() => import('../components/CreateChargeDialog').then((m) => m.CreateChargeDialog), (p) => p.show);
const SplitChargeDialog = lazyDialog(() => import('../components/SplitChargeDialog').then((m) => m.SplitChargeDialog), (p) => p.show);
const WaiveChargeDialog = lazyDialog(() => import('../components/WaiveChargeDialog').then((m) => m.WaiveChargeDialog), (p) => p.charge !== null);
const RecordPaymentDialog = lazyDialog(() => import('../components/RecordPaymentDialog').then((m) => m.RecordPaymentDialog), (p) => p.show);
const ReviewPaymentDialog = lazyDialog(() => import('../components/ReviewPaymentDialog').then((m) => m.ReviewPaymentDialog), (p) => p.payment !== null);
const ReportTransferDialog = lazyDialog(() => import('../components/ReportTransferDialog').then((m) => m.ReportTransferDialog), (p) => p.show);
const StatementDialog = lazyDialog(() => import('../components/StatementDialog').then((m) => m.StatementDialog), (p) => p.unitId !== null);

type Tab = 'charges' | 'payments' | 'reported' | 'delinquency';

/**
 * /billing (spec's layout: Export, Create Invoice, cards, Recent Transactions). Administrators
 * see the organization's figures, charges and payments (filtered, searched, paged, exported),
 * the reported transfers to confirm, and issue charges, record payments and refunds. Owners
 * and residents see their units' balance, charges and payments with receipts, and report
 * transfers. Changes made elsewhere show at once.
 */
export default function BillingPage() {
  const { t } = useTranslation('billing');
  const user = useCurrentUser();
  const manager = can(user, 'billing.manage');
  const readsBilling = manager || user.role === 'Propietario' || user.role === 'Residente';
  const queryClient = useQueryClient();
  const tabs: Tab[] = manager ? ['charges', 'payments', 'reported', 'delinquency'] : ['charges', 'payments'];
  const [tab, openTab] = useTabParam(tabs);
  const summary = useBillingSummary(null);
  const reported = useReportedCount(manager);
  const units = useBillingUnits(null, readsBilling && !manager);

  const [creating, setCreating] = useState(false);
  const [splitting, setSplitting] = useState(false);
  const [waiving, setWaiving] = useState<Charge | null>(null);
  const [paying, setPaying] = useState<{ start: PaymentStart } | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reviewing, setReviewing] = useState<{ payment: Payment; mode: 'review' | 'refund' } | null>(null);
  const [statementOf, setStatementOf] = useState<number | null>(null);

  useLiveEvents((event) => {
    if (event.type.startsWith('charge.') || event.type.startsWith('payment.') || event.type.startsWith('unit.')) void refreshBilling(queryClient);
    // An owner or resident hears at once what became of a transfer they reported.
    const payload = event.payload as { amount?: number; receiptNumber?: string; reason?: string; reported?: boolean };
    if (!manager && event.type === 'payment.recorded' && payload.reported) {
      toast({ title: t('live.confirmed', { amount: formatMoney(payload.amount ?? 0), number: payload.receiptNumber }), variant: 'success' });
    }
    if (!manager && event.type === 'payment.rejected') {
      toast({ title: t('live.rejected', { amount: formatMoney(payload.amount ?? 0), reason: payload.reason }), variant: 'destructive' });
    }
  });

  if (!readsBilling) {
    return (
      <>
        <PageHeader title={t('title')} description={t('description')} />
        <EmptyState icon={CreditCard} title={t('empty.notForRoleTitle')} description={t('empty.notForRole')} />
      </>
    );
  }

  const actions = manager ? (
    <>
      <Button variant="outline-primary" onClick={() => setPaying({ start: null })} className="d-inline-flex align-items-center gap-2">
        <HandCoins size={18} aria-hidden />
        {t('actions.recordPayment')}
      </Button>
      <Button variant="outline-primary" onClick={() => setSplitting(true)} className="d-inline-flex align-items-center gap-2">
        <Split size={18} aria-hidden />
        {t('actions.split')}
      </Button>
      <Button onClick={() => setCreating(true)} className="d-inline-flex align-items-center gap-2">
        <Plus size={18} aria-hidden />
        {t('actions.createInvoice')}
      </Button>
    </>
  ) : (
    <>
      <StatementButton units={units.data ?? []} onOpen={setStatementOf} />
      <Button onClick={() => setReporting(true)} disabled={!units.data?.length} className="d-inline-flex align-items-center gap-2">
        <Send size={18} aria-hidden />
        {t('actions.reportTransfer')}
      </Button>
    </>
  );

  const toolbarTabs = {
    label: t('tabs.label'),
    value: tab,
    items: tabs.map((value): ToolbarTab => ({ value, label: t(`tabs.${value}`), count: value === 'reported' ? reported.data : undefined })),
    onChange: openTab,
  };

  return (
    <>
      <PageHeader title={t('title')} description={manager ? t('description') : t('residentDescription')} actions={actions} />
      <BillingCards summary={summary.data} manager={manager} />
      {!manager && units.data && !units.data.length ? (
        <EmptyState icon={Wallet} title={t('empty.noUnitsTitle')} description={t('empty.noUnits')} />
      ) : (
        <section aria-labelledby="transactions-title">
          <h2 id="transactions-title" className="h5 mb-3">
            {t('tabs.label')}
          </h2>
          {tab === 'charges' ? (
            <ChargesList key="charges" manager={manager} tabs={toolbarTabs} onPay={(charge) => setPaying({ start: { propertyId: charge.propertyId, unitId: charge.unitId, chargeId: charge.id } })} onWaive={setWaiving} onStatement={setStatementOf} />
          ) : tab === 'delinquency' ? (
            <DelinquencyList key="delinquency" tabs={toolbarTabs} onPay={(row) => setPaying({ start: { propertyId: row.propertyId, unitId: row.unitId } })} onStatement={setStatementOf} />
          ) : (
            <PaymentsList
              key={tab}
              manager={manager}
              reported={tab === 'reported'}
              tabs={toolbarTabs}
              onReview={(payment, mode) => setReviewing({ payment, mode })}
              onStatement={setStatementOf}
            />
          )}
        </section>
      )}
      {manager && (
        <>
          <CreateChargeDialog show={creating} onClose={() => setCreating(false)} />
          <SplitChargeDialog show={splitting} onClose={() => setSplitting(false)} />
          <WaiveChargeDialog charge={waiving} onClose={() => setWaiving(null)} />
          <RecordPaymentDialog show={paying !== null} start={paying?.start ?? null} onClose={() => setPaying(null)} />
          <ReviewPaymentDialog payment={reviewing?.payment ?? null} mode={reviewing?.mode ?? 'review'} onClose={() => setReviewing(null)} />
        </>
      )}
      {!manager && <ReportTransferDialog show={reporting} onClose={() => setReporting(false)} />}
      <StatementDialog unitId={statementOf} onClose={() => setStatementOf(null)} />
    </>
  );
}

/** "Estado de cuenta": of the one unit, or a choice among the user's units. */
function StatementButton({ units, onOpen }: { units: BillingUnit[]; onOpen: (unitId: number) => void }) {
  const { t } = useTranslation('billing');
  if (units.length <= 1) {
    return (
      <Button variant="outline-primary" disabled={!units.length} onClick={() => onOpen(units[0].id)} className="d-inline-flex align-items-center gap-2">
        <FileText size={18} aria-hidden />
        {t('actions.statement')}
      </Button>
    );
  }
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-primary">{t('actions.statement')}</Dropdown.Toggle>
      <Dropdown.Menu>
        {units.map((unit) => (
          <Dropdown.Item as="button" key={unit.id} onClick={() => onOpen(unit.id)}>
            {unit.propertyName} · {unit.unitNumber}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

type ToolbarTabs = { label: string; value: string; items: ToolbarTab[]; onChange: (value: string) => void };

/** The pager of a billing list, in the billing namespace's words. */
function usePagination(page: number, setPage: (page: number) => void) {
  const { t } = useTranslation('billing');
  return {
    page,
    pageSize: BILLING_PAGE_SIZE,
    onChange: setPage,
    label: t('pager.label'),
  };
}

function ChargesList({ manager, tabs, onPay, onWaive, onStatement }: { manager: boolean; tabs: ToolbarTabs; onPay: (charge: Charge) => void; onWaive: (charge: Charge) => void; onStatement: (unitId: number) => void }) {
  const { t } = useTranslation('billing');
  const list = useListFilters(CHARGE_FILTERS);
  const charges = useCharges(list.filters, list.page);
  useKeepPageInRange(list, charges, BILLING_PAGE_SIZE);
  const pager = usePagination(list.page, list.setPage);
  const columns = useChargeColumns();
  return (
    <>
      <ListToolbar
        label={t('toolbar.chargesLabel')}
        tabs={tabs}
        search={{ value: list.filters.q, onChange: (q) => list.update({ q }), label: t('toolbar.searchCharges'), placeholder: t('toolbar.searchChargesPlaceholder') }}
        filters={
          <>
            <FilterSelect label={t('toolbar.status')} emptyLabel={t('toolbar.allStatuses')} value={list.filters.status} options={CHARGE_FILTER_STATUSES.map((status) => ({ value: status, label: t(`chargeStatuses.${status}`) }))} onChange={(status) => list.update({ status })} />
            <FilterSelect label={t('toolbar.type')} emptyLabel={t('toolbar.allTypes')} value={list.filters.type} options={CHARGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} onChange={(type) => list.update({ type })} />
            {manager && <PropertySelect className="" label={t('toolbar.property')} emptyLabel={t('toolbar.allProperties')} value={list.filters.propertyId} onChange={(propertyId) => list.update({ propertyId, unitId: null })} />}
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
        csv={manager ? chargesExport(list.filters) : undefined}
      />
      <DataList
        columns={columns}
        query={charges}
        rowKey={(charge) => charge.id}
        caption={t('tabs.charges')}
        actions={(charge) => {
          const items: RowAction[] = [{ label: t('actions.statement'), icon: FileText, onClick: () => onStatement(charge.unitId) }];
          if (manager && charge.status === 'pending') items.unshift({ label: t('actions.recordPayment'), icon: HandCoins, onClick: () => onPay(charge) });
          if (manager && charge.status === 'pending' && charge.type === 'late_fee') items.push({ label: t('actions.waive'), icon: BadgePercent, onClick: () => onWaive(charge), danger: true });
          return <RowActionsMenu name={charge.invoiceNumber} actions={items} />;
        }}
        errorTitle={t('errors.charges')}
        empty={{ icon: ReceiptText, title: t('empty.chargesTitle'), description: manager ? t('empty.charges') : t('empty.chargesResident') }}
        filtered={list.filtered && { title: t('empty.filteredTitle'), description: t('empty.filtered'), onClear: list.clear }}
        pagination={pager}
        testId="charges"
        rowTestId="charge-row"
      />
    </>
  );
}

function PaymentsList({ manager, reported, tabs, onReview, onStatement }: {
  manager: boolean;
  reported: boolean;
  tabs: ToolbarTabs;
  onReview: (payment: Payment, mode: 'review' | 'refund') => void;
  onStatement: (unitId: number) => void;
}) {
  const { t } = useTranslation('billing');
  const list = useListFilters(PAYMENT_FILTERS);
  const filters = reported ? { ...list.filters, status: 'reported' as const } : list.filters;
  const payments = usePayments(filters, list.page);
  useKeepPageInRange(list, payments, BILLING_PAGE_SIZE);
  const receipts = useCsvDownload();
  const pager = usePagination(list.page, list.setPage);
  const columns = usePaymentColumns();
  return (
    <>
      <ListToolbar
        label={t('toolbar.paymentsLabel')}
        tabs={tabs}
        search={{ value: list.filters.q, onChange: (q) => list.update({ q }), label: t('toolbar.searchPayments'), placeholder: t('toolbar.searchPaymentsPlaceholder') }}
        filters={
          <>
            {!reported && <FilterSelect label={t('toolbar.status')} emptyLabel={t('toolbar.allStatuses')} value={list.filters.status} options={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`paymentStatuses.${status}`) }))} onChange={(status) => list.update({ status })} />}
            {manager && <PropertySelect className="" label={t('toolbar.property')} emptyLabel={t('toolbar.allProperties')} value={list.filters.propertyId} onChange={(propertyId) => list.update({ propertyId, unitId: null })} />}
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
        csv={manager ? paymentsExport(filters) : undefined}
      />
      <DataList
        columns={columns}
        query={payments}
        rowKey={(payment) => payment.id}
        caption={reported ? t('tabs.reported') : t('tabs.payments')}
        actions={(payment) => {
          const items: RowAction[] = [];
          if (payment.receiptNumber) {
            items.push({
              label: t('actions.downloadReceipt'),
              icon: ReceiptText,
              onClick: () => receipts.download({ path: `/api/payments/${payment.id}/receipt.pdf`, fileName: `${payment.receiptNumber}.pdf` }),
            });
          }
          if (manager && payment.status === 'reported') items.unshift({ label: t('actions.review'), icon: Eye, onClick: () => onReview(payment, 'review') });
          if (manager && payment.status === 'confirmed') items.push({ label: t('actions.refund'), icon: Undo2, onClick: () => onReview(payment, 'refund'), danger: true });
          items.push({ label: t('actions.statement'), icon: FileText, onClick: () => onStatement(payment.unitId) });
          return <RowActionsMenu name={payment.receiptNumber ?? t('table.reportedTransfer')} actions={items} />;
        }}
        errorTitle={t('errors.payments')}
        empty={reported ? { icon: Send, title: t('empty.reportedTitle'), description: t('empty.reported') } : { icon: HandCoins, title: t('empty.paymentsTitle'), description: manager ? t('empty.payments') : t('empty.paymentsResident') }}
        filtered={list.filtered && { title: t('empty.filteredTitle'), description: t('empty.filtered'), onClear: list.clear }}
        pagination={pager}
        testId={reported ? 'reported' : 'payments'}
        rowTestId="payment-row"
      />
    </>
  );
}
