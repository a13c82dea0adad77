import type { EventType } from '../../shared/events';
import { formatMoney } from '../../shared/format';
import { monthName } from '../policies/periods';
import { propertyReaders } from '../policies/financeReports';
import type { NotificationRule } from './rules';

/**
 * Finances (docs/modules/finances.md): closing a month publishes its report, and the owners and
 * residents of the property are told (inbox; email per their `payment` switch), once per
 * report version.
 */
export const FINANCE_REPORT_RULES: Partial<Record<EventType, NotificationRule>> = {
  'finance_report.published': {
    recipients: (event, trx) => propertyReaders(trx, event.propertyId!),
    category: () => 'payment',
    email: () => 'preference',
    key: (event) => `finance_report:${event.subjectId}:${event.payload.version}`,
    link: (event) => `/finances/reportes?propertyId=${event.propertyId}&month=${event.payload.month}`,
    text: {
      es: (p) => ({
        title: `Informe mensual de ${monthName(String(p.month), 'es')}`,
        body: `${p.propertyName}: ingresos ${formatMoney(Number(p.income))}, gastos ${formatMoney(Number(p.expenses))}. Consulte el informe y su PDF en la aplicación.`,
      }),
      en: (p) => ({
        title: `Monthly report for ${monthName(String(p.month), 'en')}`,
        body: `${p.propertyName}: income ${formatMoney(Number(p.income))}, expenses ${formatMoney(Number(p.expenses))}. Read the report and its PDF in the app.`,
      }),
    },
  },
};
