import { Ban, Eye, HandCoins, Plus, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { DataList } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { RowActionsMenu, type RowAction } from '@client/components/list/RowActionsMenu';
import { PageHeader } from '@client/components/PageHeader';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES } from '@shared/finances';
import { EXPENSE_FILTERS, FINANCES_PAGE_SIZE, expensesExport, useExpenses, useFunds, useSuppliers } from '../api/queries';
import type { Expense } from '../api/types';
import { useExpenseColumns } from '../components/ExpenseColumns';
import { ExpenseFormDialog } from '../components/ExpenseFormDialog';
import { useCategoryLabel } from '../components/labels';
import { useFinancesLive } from '../components/live';
import { PayExpenseDialog } from '../components/PayExpenseDialog';
import { VoidExpenseDialog } from '../components/VoidExpenseDialog';
import { FinancesNav } from '../FinancesNav';

/**
 * /finances/gastos: the expenses of the organization's properties, filtered (in the URL),
 * searched, paged and exported; record one with its invoice photo, pay it, void it. Changes by
 * other administrators show at once.
 */
export default function ExpensesPage() {
  const { t } = useTranslation('finances');
  const navigate = useNavigate();
  useFinancesLive();
  const list = useListFilters(EXPENSE_FILTERS);
  const expenses = useExpenses(list.filters, list.page);
  useKeepPageInRange(list, expenses, FINANCES_PAGE_SIZE);
  const columns = useExpenseColumns();
  const categoryLabel = useCategoryLabel();
  const funds = useFunds(list.filters.propertyId);
  const suppliers = useSuppliers('', 1, 200);
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<Expense | null>(null);
  const [voiding, setVoiding] = useState<Expense | null>(null);

  return (
    <>
      <PageHeader
        title={t('expenses.title')}
        documentTitle={`${t('expenses.title')} | ${t('title')}`}
        description={t('expenses.description')}
        actions={
          <Button onClick={() => setCreating(true)} className="d-inline-flex align-items-center gap-2">
            <Plus size={18} aria-hidden />
            {t('expenses.record')}
          </Button>
        }
      />
      <FinancesNav />
      <ListToolbar
        label={t('expenses.toolbar')}
        search={{ value: list.filters.q, onChange: (q) => list.update({ q }), label: t('expenses.search'), placeholder: t('expenses.searchPlaceholder') }}
        filters={
          <>
            <PropertySelect className="" label={t('property')} emptyLabel={t('allProperties')} value={list.filters.propertyId} onChange={(propertyId) => list.update({ propertyId, fundId: null })} />
            {list.filters.propertyId !== null && (
              <FilterSelect
                label={t('expenses.fund')}
                emptyLabel={t('expenses.allFunds')}
                value={list.filters.fundId === null ? null : String(list.filters.fundId)}
                options={(funds.data ?? []).map((fund) => ({ value: String(fund.id), label: fund.name }))}
                onChange={(fundId) => list.update({ fundId: fundId ? Number(fundId) : null })}
              />
            )}
            <FilterSelect label={t('expenses.category')} emptyLabel={t('expenses.allCategories')} value={list.filters.category} options={EXPENSE_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }))} onChange={(category) => list.update({ category })} />
            <FilterSelect
              label={t('expenses.supplier')}
              emptyLabel={t('expenses.allSuppliers')}
              value={list.filters.supplierId === null ? null : String(list.filters.supplierId)}
              options={(suppliers.data?.items ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name }))}
              onChange={(supplierId) => list.update({ supplierId: supplierId ? Number(supplierId) : null })}
            />
            <FilterSelect label={t('expenses.status')} emptyLabel={t('expenses.allStatuses')} value={list.filters.status} options={EXPENSE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))} onChange={(status) => list.update({ status })} />
            <Row className="g-2">
              <Col xs={6}>
                <Form.Group controlId="expenses-from">
                  <Form.Label className="small mb-1">{t('expenses.from')}</Form.Label>
                  <Form.Control type="date" size="sm" value={list.filters.from ?? ''} onChange={(event) => list.update({ from: event.target.value || null })} />
                </Form.Group>
              </Col>
              <Col xs={6}>
                <Form.Group controlId="expenses-to">
                  <Form.Label className="small mb-1">{t('expenses.to')}</Form.Label>
                  <Form.Control type="date" size="sm" value={list.filters.to ?? ''} onChange={(event) => list.update({ to: event.target.value || null })} />
                </Form.Group>
              </Col>
            </Row>
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
        csv={expensesExport(list.filters)}
      />
      <DataList
        columns={columns}
        query={expenses}
        rowKey={(expense) => expense.id}
        caption={t('expenses.caption')}
        actions={(expense) => {
          const items: RowAction[] = [{ label: t('expenses.open'), icon: Eye, onClick: () => navigate(`/finances/gastos/${expense.id}`) }];
          if (expense.status === 'pending') items.push({ label: t('expenses.pay'), icon: HandCoins, onClick: () => setPaying(expense) });
          if (expense.status !== 'voided') items.push({ label: t('expenses.void'), icon: Ban, onClick: () => setVoiding(expense), danger: true });
          return <RowActionsMenu name={expense.description} actions={items} />;
        }}
        errorTitle={t('expenses.error')}
        empty={{ icon: ReceiptText, title: t('expenses.emptyTitle'), description: t('expenses.empty') }}
        filtered={list.filtered && { title: t('expenses.filteredTitle'), description: t('expenses.filtered'), onClear: list.clear }}
        pagination={{ page: list.page, pageSize: FINANCES_PAGE_SIZE, onChange: list.setPage, label: t('expenses.pager') }}
        testId="expenses"
        rowTestId="expense-row"
      />
      <ExpenseFormDialog show={creating} onClose={() => setCreating(false)} propertyId={list.filters.propertyId} />
      <PayExpenseDialog expense={paying} onClose={() => setPaying(null)} />
      <VoidExpenseDialog expense={voiding} onClose={() => setVoiding(null)} />
    </>
  );
}
