import { Pencil, Plus, Truck } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { ListToolbar } from '@client/components/list/ListToolbar';
import { RowActionsMenu } from '@client/components/list/RowActionsMenu';
import { PageHeader } from '@client/components/PageHeader';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { FINANCES_PAGE_SIZE, SUPPLIER_FILTERS, useSuppliers } from '../api/queries';
import type { Supplier } from '../api/types';
import { useFinancesLive } from '../components/live';
import { SupplierFormDialog } from '../components/SupplierFormDialog';
import { FinancesNav } from '../FinancesNav';

/** "1-31-24679-6" / "001-1234567-8": how an RNC or a cédula is written. */
const formatTaxId = (digits: string | null) =>
  !digits ? '—' : digits.length === 9 ? `${digits[0]}-${digits.slice(1, 3)}-${digits.slice(3, 8)}-${digits[8]}` : `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits[10]}`;

/** /finances/suplidores: the companies and people the organization pays; add and edit them. */
export default function SuppliersPage() {
  const { t } = useTranslation('finances');
  useFinancesLive();
  const list = useListFilters(SUPPLIER_FILTERS);
  const suppliers = useSuppliers(list.filters.q, list.page);
  useKeepPageInRange(list, suppliers, FINANCES_PAGE_SIZE);
  const [editing, setEditing] = useState<{ supplier: Supplier | null } | null>(null);
  const columns: DataColumn<Supplier>[] = [
    {
      id: 'name',
      header: t('suppliers.table.name'),
      card: 'title',
      cell: (supplier) => (
        <div className="min-w-0">
          <div className="fw-semibold text-break">{supplier.name}</div>
          {supplier.notes && <div className="small text-body-secondary text-break">{supplier.notes}</div>}
        </div>
      ),
    },
    { id: 'taxId', header: t('suppliers.table.taxId'), className: 'text-nowrap', cell: (supplier) => formatTaxId(supplier.taxId) },
    { id: 'category', header: t('suppliers.table.category'), cell: (supplier) => supplier.category ?? '—' },
    {
      id: 'contact',
      header: t('suppliers.table.contact'),
      cell: (supplier) => <span className="text-break">{[supplier.phone, supplier.email].filter(Boolean).join(' · ') || '—'}</span>,
    },
  ];
  return (
    <>
      <PageHeader
        title={t('suppliers.title')}
        documentTitle={`${t('suppliers.title')} | ${t('title')}`}
        description={t('suppliers.description')}
        actions={
          <Button onClick={() => setEditing({ supplier: null })} className="d-inline-flex align-items-center gap-2">
            <Plus size={18} aria-hidden />
            {t('suppliers.add')}
          </Button>
        }
      />
      <FinancesNav />
      <ListToolbar label={t('suppliers.toolbar')} search={{ value: list.filters.q, onChange: (q) => list.update({ q }), label: t('suppliers.search'), placeholder: t('suppliers.searchPlaceholder') }} />
      <DataList
        columns={columns}
        query={suppliers}
        rowKey={(supplier) => supplier.id}
        caption={t('suppliers.caption')}
        actions={(supplier) => <RowActionsMenu name={supplier.name} actions={[{ label: t('suppliers.edit'), icon: Pencil, onClick: () => setEditing({ supplier }) }]} />}
        errorTitle={t('suppliers.error')}
        empty={{ icon: Truck, title: t('suppliers.emptyTitle'), description: t('suppliers.empty') }}
        filtered={list.filtered && { title: t('suppliers.filteredTitle'), description: t('suppliers.filtered'), onClear: list.clear }}
        pagination={{ page: list.page, pageSize: FINANCES_PAGE_SIZE, onChange: list.setPage, label: t('suppliers.pager') }}
        testId="suppliers"
        rowTestId="supplier-row"
      />
      <SupplierFormDialog show={editing !== null} supplier={editing?.supplier ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
