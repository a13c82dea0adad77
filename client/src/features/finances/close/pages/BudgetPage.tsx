import { useMemo, useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Plus, Save, Trash2, Wallet } from 'lucide-react';
import { EXPENSE_CATEGORIES } from '@shared/finances';
import type { Language } from '@shared/messages';
import { todayThere } from '@shared/time';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { FinancesNav } from '../../FinancesNav';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { useBudget, usePropertyParam, useSaveBudget, useFinancesCloseLive } from '../api';
import { NoProperty, PropertyPicker } from '../components/PropertyPicker';

type Row = { category: string; months: string[] };

const toText = (centavos: number) => (centavos ? (centavos / 100).toFixed(2) : '');
const toCentavos = (text: string) => Math.round(Number(text.replace(/,/g, '') || 0) * 100);
const monthShort = (index: number, language: Language) =>
  new Date(Date.UTC(2026, index, 15)).toLocaleDateString(language === 'es' ? 'es-DO' : 'en-US', { month: 'short', timeZone: 'UTC' });

/** `/finances/presupuesto`: the year's budget grid (categories x 12 months) with its actuals. */
export default function BudgetPage() {
  const { t, i18n } = useTranslation('financesClose');
  const language = i18n.language as Language;
  useFinancesCloseLive();
  const [propertyId, setPropertyId] = usePropertyParam();
  const [year, setYear] = useState(Number(todayThere().slice(0, 4)));
  const budget = useBudget(propertyId, year);
  const [adding, setAdding] = useState('');
  // The grid edits a draft of the budget as loaded; another property or year, or a save, starts again from what is loaded.
  const loaded = useMemo(
    () => budget.data?.lines.filter((line) => line.months.some(Boolean)).map((line) => ({ category: line.category, months: line.months.map(toText) })) ?? [],
    [budget.data],
  );
  const draftKey = `${propertyId}:${year}`;
  const [draft, setDraft] = useState<{ key: string; rows: Row[] } | null>(null);
  const rows = draft?.key === draftKey ? draft.rows : loaded;
  const setRows = (update: (current: Row[]) => Row[]) => setDraft({ key: draftKey, rows: update(rows) });

  const categoryLabel = (category: string) => t(`categories.${category}`, { defaultValue: category });
  const actualOf = useMemo(() => new Map(budget.data?.lines.map((line) => [line.category, line]) ?? []), [budget.data]);
  const invalid = rows.some((row) => row.months.some((value) => value !== '' && !(Number(value.replace(/,/g, '')) >= 0)));

  const save = useSaveBudget(propertyId ?? 0);
  const submit = () =>
    save.mutate(
      { year, lines: rows.map((row) => ({ category: row.category, months: row.months.map(toCentavos) })) },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: t('budget.saved'), variant: 'success' });
        },
        onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
      },
    );

  const free = EXPENSE_CATEGORIES.filter((category) => !rows.some((row) => row.category === category));
  const years = [year - 1, year, year + 1];

  return (
    <div>
      <PageHeader
        title={t('budget.title')}
        description={t('budget.description')}
        actions={
          propertyId && (
            <Button onClick={submit} disabled={save.isPending || invalid}>
              <Save size={16} className="me-1" aria-hidden />
              {t('budget.save')}
            </Button>
          )
        }
      />
      <FinancesNav />
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <PropertyPicker value={propertyId} onChange={setPropertyId} />
        <Form.Group controlId="budget-year">
          <Form.Label>{t('year')}</Form.Label>
          <Form.Select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {!propertyId ? (
        <NoProperty />
      ) : budget.isPending ? (
        <Loading />
      ) : budget.isError ? (
        <ErrorCard error={budget.error} onRetry={() => budget.refetch()} />
      ) : (
        <>
          {rows.length === 0 && <EmptyState icon={Wallet} title={t('budget.empty')} description={t('budget.emptyHint')} className="mb-3" />}
          {rows.length > 0 && (
            <div className="table-responsive mb-3">
              <Table size="sm" className="align-middle">
                <thead>
                  <tr>
                    <th scope="col">{t('budget.category')}</th>
                    {Array.from({ length: 12 }, (_, index) => (
                      <th scope="col" key={index} className="text-end text-capitalize">
                        {monthShort(index, language)}
                      </th>
                    ))}
                    <th scope="col" className="text-end">{t('budget.budgetToDate')}</th>
                    <th scope="col" className="text-end">{t('budget.actualToDate')}</th>
                    <th scope="col" className="text-end">{t('budget.variance')}</th>
                    <th scope="col"><span className="visually-hidden">{t('budget.remove', { category: '' })}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, rowIndex) => {
                    const line = actualOf.get(row.category);
                    return (
                      <tr key={row.category}>
                        <th scope="row" className="text-nowrap">
                          {categoryLabel(row.category)}
                          <div className="small text-body-secondary fw-normal">{t('budget.actual')}</div>
                        </th>
                        {row.months.map((value, index) => (
                          <td key={index} style={{ minWidth: '6.5rem' }}>
                            <Form.Control
                              size="sm"
                              inputMode="decimal"
                              className="text-end"
                              value={value}
                              aria-label={t('budget.amountLabel', { category: categoryLabel(row.category), month: monthShort(index, language) })}
                              isInvalid={value !== '' && !(Number(value.replace(/,/g, '')) >= 0)}
                              onChange={(event) =>
                                setRows((current) => current.map((r, i) => (i === rowIndex ? { ...r, months: r.months.map((m, j) => (j === index ? event.target.value : m)) } : r)))
                              }
                            />
                            <div className="small text-body-secondary text-end">{formatMoney(line?.actual[index] ?? 0)}</div>
                          </td>
                        ))}
                        <td className="text-end text-nowrap">{formatMoney(line?.budgetToDate ?? 0)}</td>
                        <td className="text-end text-nowrap">{formatMoney(line?.actualToDate ?? 0)}</td>
                        <td className={`text-end text-nowrap ${(line?.variance ?? 0) < 0 ? 'text-danger' : ''}`}>{formatMoney(line?.variance ?? 0)}</td>
                        <td>
                          <Button
                            variant="link"
                            size="sm"
                            className="text-danger"
                            aria-label={t('budget.remove', { category: categoryLabel(row.category) })}
                            onClick={() => setRows((current) => current.filter((_, i) => i !== rowIndex))}
                          >
                            <Trash2 size={16} aria-hidden />
                          </Button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
                {budget.data && (
                  <tfoot>
                    <tr className="fw-semibold">
                      <th scope="row">{t('budget.total')}</th>
                      {budget.data.totals.months.map((amount, index) => (
                        <td key={index} className="text-end text-nowrap">
                          {formatMoney(amount)}
                          <div className="small text-body-secondary fw-normal">{formatMoney(budget.data.totals.actual[index])}</div>
                        </td>
                      ))}
                      <td className="text-end text-nowrap">{formatMoney(budget.data.totals.budgetToDate)}</td>
                      <td className="text-end text-nowrap">{formatMoney(budget.data.totals.actualToDate)}</td>
                      <td className="text-end text-nowrap">{formatMoney(budget.data.totals.variance)}</td>
                      <td />
                    </tr>
                  </tfoot>
                )}
              </Table>
            </div>
          )}
          <Form
            className="d-flex flex-wrap gap-2 align-items-end"
            onSubmit={(event) => {
              event.preventDefault();
              const category = adding.trim();
              if (!category || rows.some((row) => row.category === category)) return;
              setRows((current) => [...current, { category, months: Array<string>(12).fill('') }]);
              setAdding('');
            }}
          >
            <Form.Group controlId="budget-add">
              <Form.Label>{t('budget.category')}</Form.Label>
              <Form.Select value={adding} onChange={(event) => setAdding(event.target.value)}>
                <option value="">{t('budget.addCategory')}</option>
                {free.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabel(category)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button type="submit" variant="outline-primary" disabled={!adding.trim()}>
              <Plus size={16} className="me-1" aria-hidden />
              {t('budget.addCategory')}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
