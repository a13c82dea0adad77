import { CalendarClock, Pause, Pencil, Play, Plus, Square } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/messages';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { RowActionsMenu } from '@client/components/list/RowActionsMenu';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { FinancesNav } from '../../FinancesNav';
import { usePropertyParam } from '../../close/api';
import { NoProperty, PropertyPicker } from '../../close/components/PropertyPicker';
import { monthLabel } from '../../close/labels';
import { useCategoryLabel } from '../../components/labels';
import { useEndRecurring, useRecurringExpenses, useRecurringLive, useUpdateRecurring, type RecurringExpense } from '../api';
import { RecurringFormDialog } from '../components/RecurringFormDialog';

/**
 * `/finances/recurrentes`: a property's recurring expenses (payroll, the elevator contract), each
 * issued by the worker as a pending expense on its day of every month. Add, edit, pause and
 * resume, or end one (after confirming: it issues nothing more; what it issued stays).
 */
export default function RecurringPage() {
  const { t, i18n } = useTranslation('finances');
  const language = i18n.language as Language;
  const categoryLabel = useCategoryLabel();
  useRecurringLive();
  const [propertyId, setPropertyId] = usePropertyParam();
  const templates = useRecurringExpenses(propertyId);
  const update = useUpdateRecurring(propertyId ?? 0);
  const end = useEndRecurring(propertyId ?? 0);
  const [editing, setEditing] = useState<{ template: RecurringExpense | null } | null>(null);
  const [ending, setEnding] = useState<RecurringExpense | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const setActive = (template: RecurringExpense, active: boolean) =>
    update.mutate(
      { id: template.id, body: { active } },
      {
        onSuccess: () => toast({ title: active ? t('recurring.resumed', { description: template.description }) : t('recurring.paused', { description: template.description }), variant: 'success' }),
        onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
      },
    );
  const confirmEnd = () =>
    ending &&
    end.mutate(ending.id, {
      onSuccess: () => {
        toast({ title: t('recurring.ended', { description: ending.description }), variant: 'success' });
        setEnding(null);
      },
      onError: (error) => setRefusal(errorMessage(error)),
    });

  return (
    <>
      <PageHeader
        title={t('recurring.title')}
        documentTitle={`${t('recurring.title')} | ${t('title')}`}
        description={t('recurring.description')}
        actions={
          propertyId && (
            <Button onClick={() => setEditing({ template: null })} className="d-inline-flex align-items-center gap-2">
              <Plus size={18} aria-hidden />
              {t('recurring.add')}
            </Button>
          )
        }
      />
      <FinancesNav />
      <div className="mb-3">
        <PropertyPicker value={propertyId} onChange={setPropertyId} />
      </div>
      {!propertyId ? (
        <NoProperty />
      ) : templates.isPending ? (
        <Loading />
      ) : templates.isError ? (
        <ErrorCard error={templates.error} onRetry={() => templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState icon={CalendarClock} title={t('recurring.emptyTitle')} description={t('recurring.empty')} />
      ) : (
        <div className="table-responsive">
          <Table hover className="align-middle" data-testid="recurring">
            <caption className="visually-hidden">{t('recurring.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('recurring.table.description')}</th>
                <th scope="col">{t('recurring.table.fund')}</th>
                <th scope="col" className="text-end">{t('recurring.table.amount')}</th>
                <th scope="col">{t('recurring.table.day')}</th>
                <th scope="col">{t('recurring.table.lastIssued')}</th>
                <th scope="col">{t('recurring.table.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('recurring.table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {templates.data.map((template) => (
                <tr key={template.id} data-testid="recurring-row">
                  <th scope="row" className="fw-normal">
                    <div className="fw-semibold text-break">{template.description}</div>
                    <div className="small text-body-secondary">{[categoryLabel(template.category), template.supplierName].filter(Boolean).join(' · ')}</div>
                  </th>
                  <td>{template.fundName}</td>
                  <td className="text-end text-nowrap">{formatMoney(template.amount + template.itbis)}</td>
                  <td className="text-nowrap">{t('recurring.table.dayN', { day: template.dayOfMonth })}</td>
                  <td className="text-nowrap text-capitalize">{template.lastIssuedMonth ? monthLabel(template.lastIssuedMonth, language) : t('recurring.table.never')}</td>
                  <td>
                    <Badge bg={template.active ? 'success' : 'secondary'}>{template.active ? t('recurring.active') : t('recurring.pausedState')}</Badge>
                  </td>
                  <td className="text-end">
                    <RowActionsMenu
                      name={template.description}
                      actions={[
                        { label: t('recurring.edit'), icon: Pencil, onClick: () => setEditing({ template }) },
                        template.active
                          ? { label: t('recurring.pause'), icon: Pause, onClick: () => setActive(template, false) }
                          : { label: t('recurring.resume'), icon: Play, onClick: () => setActive(template, true) },
                        {
                          label: t('recurring.end'),
                          icon: Square,
                          danger: true,
                          onClick: () => {
                            setRefusal(null);
                            setEnding(template);
                          },
                        },
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {propertyId && <RecurringFormDialog show={editing !== null} propertyId={propertyId} template={editing?.template ?? null} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        show={ending !== null}
        title={t('recurring.endTitle')}
        confirmLabel={t('recurring.endConfirm')}
        variant="danger"
        pending={end.isPending}
        refusal={refusal}
        onConfirm={confirmEnd}
        onCancel={() => setEnding(null)}
      >
        {ending && <p className="mb-0">{t('recurring.endBody', { description: ending.description })}</p>}
      </ConfirmDialog>
    </>
  );
}
