import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@client/lib/format';

export type CashFlowMonth = { month: string; income: number; expenses: number };

/**
 * Income vs expenses per month (recharts: a kept React chart library; this module is loaded
 * lazily by the summary page only, so no other page downloads it). Amounts in centavos.
 */
export default function CashFlowChart({ months }: { months: CashFlowMonth[] }) {
  const { t, i18n } = useTranslation('finances');
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'es', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));
  const data = months.map((row) => ({ ...row, label: monthLabel(row.month) }));
  return (
    <div className="vec-finances-chart" data-testid="cash-flow-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} />
          <YAxis tickFormatter={(value: number) => `${Math.round(value / 100_000)}k`} width={48} tickLine={false} />
          <Tooltip formatter={(value) => formatMoney(Number(value))} />
          <Legend />
          <Bar dataKey="income" name={t('summary.income')} fill="var(--bs-success)" radius={[3, 3, 0, 0]} />
          <Bar dataKey="expenses" name={t('summary.expenses')} fill="var(--bs-danger)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
