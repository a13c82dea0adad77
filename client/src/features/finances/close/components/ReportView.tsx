import type { ReactNode } from 'react';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BANK_LABELS, type Bank } from '@shared/financesBank';
import type { Language } from '@shared/messages';
import { formatDate, formatMoney } from '@client/lib/format';
import { invoicePath, type MonthlyReport } from '../api';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5 mb-3">{title}</h2>
        {children}
      </Card.Body>
    </Card>
  );
}

const Money = ({ value, strong = false }: { value: number; strong?: boolean }) => (
  <td className={`text-end text-nowrap ${strong ? 'fw-semibold' : ''} ${value < 0 ? 'text-danger' : ''}`}>{formatMoney(value)}</td>
);

/** The monthly report's figures as a page (the same as its PDF). */
export function ReportView({ report }: { report: MonthlyReport }) {
  const { t, i18n } = useTranslation('financesClose');
  const language = i18n.language as Language;
  const category = (value: string) => t(`categories.${value}`, { defaultValue: value });
  return (
    <div>
      <Section title={t('reports.funds')}>
        <div className="table-responsive">
          <Table size="sm">
            <thead>
              <tr>
                <th scope="col">{t('reports.fund')}</th>
                <th scope="col" className="text-end">{t('reports.opening')}</th>
                <th scope="col" className="text-end">{t('reports.closing')}</th>
              </tr>
            </thead>
            <tbody>
              {report.funds.map((fund) => (
                <tr key={fund.id}>
                  <th scope="row" className="fw-normal">{fund.name}</th>
                  <Money value={fund.opening} />
                  <Money value={fund.closing} />
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </Section>

      <Section title={t('reports.income')}>
        <Table size="sm">
          <tbody>
            {report.income.byType.map((row) => (
              <tr key={row.type}>
                <th scope="row" className="fw-normal">{t(`chargeTypes.${row.type}`, { defaultValue: row.type })}</th>
                <Money value={row.amount} />
              </tr>
            ))}
            {report.income.credit !== 0 && (
              <tr>
                <th scope="row" className="fw-normal">{t('reports.credit')}</th>
                <Money value={report.income.credit} />
              </tr>
            )}
            <tr>
              <th scope="row">{t('reports.total')}</th>
              <Money value={report.income.total} strong />
            </tr>
          </tbody>
        </Table>
      </Section>

      <Section title={t('reports.expenses')}>
        {report.expenses.byCategory.length === 0 && <p className="text-body-secondary mb-0">{t('reports.noExpenses')}</p>}
        {report.expenses.byCategory.map((group) => (
          <div key={group.category} className="mb-3">
            <h3 className="h6 d-flex justify-content-between">
              <span>{category(group.category)}</span>
              <span>{formatMoney(group.total)}</span>
            </h3>
            <div className="table-responsive">
              <Table size="sm" className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">{t('reports.date')}</th>
                    <th scope="col">{t('reports.supplier')}</th>
                    <th scope="col">{t('reports.concept')}</th>
                    <th scope="col" className="text-end">{t('reports.amount')}</th>
                    <th scope="col" className="text-end">{t('reports.itbis')}</th>
                    {report.invoices && <th scope="col">{t('reports.invoice')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {group.items.map((item) => (
                    <tr key={item.id}>
                      <td className="text-nowrap">{formatDate(item.issueDate, 'day', language)}</td>
                      <td>{item.supplierName ?? ''}</td>
                      <td>{item.description}</td>
                      <Money value={item.amount} />
                      <Money value={item.itbis} />
                      {report.invoices && (
                        <td>
                          {item.invoices?.length ? (
                            <ul className="list-unstyled mb-0">
                              {item.invoices.map((file, index) => (
                                <li key={file.id}>
                                  <a href={invoicePath(item.id, file.id)} target="_blank" rel="noopener noreferrer" aria-label={t('reports.openInvoice', { description: item.description, file: file.fileName })}>
                                    {item.invoices!.length > 1 ? t('reports.invoiceN', { n: index + 1 }) : t('reports.openInvoiceShort')}
                                  </a>
                                </li>
                              ))}
                            </ul>
                          ) : (
                            <span className="text-body-secondary">{t('reports.noInvoice')}</span>
                          )}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </div>
        ))}
        <p className="fw-semibold text-end mb-0">
          {t('reports.total')}: {formatMoney(report.expenses.total)}
        </p>
      </Section>

      <Section title={t('reports.delinquency', { date: formatDate(report.delinquency.asOf, 'day', language) })}>
        <dl className="row mb-2">
          <dt className="col-sm-4">{t('reports.units')}</dt>
          <dd className="col-sm-8">{report.delinquency.units}</dd>
          <dt className="col-sm-4">{t('reports.overdue')}</dt>
          <dd className="col-sm-8">{formatMoney(report.delinquency.overdue)}</dd>
        </dl>
        <Table size="sm">
          <thead>
            <tr>
              {Object.keys(report.delinquency.buckets).map((bucket) => (
                <th scope="col" key={bucket} className="text-end">{bucket}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {Object.entries(report.delinquency.buckets).map(([bucket, amount]) => (
                <Money key={bucket} value={amount} />
              ))}
            </tr>
          </tbody>
        </Table>
      </Section>

      <Section title={t('reports.budget')}>
        {report.budget.lines.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('reports.noBudget')}</p>
        ) : (
          <div className="table-responsive">
            <Table size="sm">
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>{t('budget.category')}</th>
                  <th scope="colgroup" colSpan={3} className="text-center">{t('reports.month')}</th>
                  <th scope="colgroup" colSpan={3} className="text-center">{t('reports.yearToDate')}</th>
                </tr>
                <tr>
                  {[0, 1].flatMap((group) =>
                    ['planned', 'actual', 'variance'].map((key) => (
                      <th scope="col" key={`${group}-${key}`} className="text-end">{t(`reports.${key}`)}</th>
                    )),
                  )}
                </tr>
              </thead>
              <tbody>
                {report.budget.lines.map((line) => (
                  <tr key={line.category}>
                    <th scope="row" className="fw-normal">{category(line.category)}</th>
                    <Money value={line.budget} />
                    <Money value={line.actual} />
                    <Money value={line.variance} />
                    <Money value={line.budgetToDate} />
                    <Money value={line.actualToDate} />
                    <Money value={line.varianceToDate} />
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Section>

      <Section title={t('reports.reconciliation')}>
        {report.bankReconciliation.length ? (
          <div className="table-responsive">
            <Table size="sm">
              <thead>
                <tr>
                  <th scope="col">{t('reports.bankAccount')}</th>
                  <th scope="col" className="text-end">{t('reports.bankClosing')}</th>
                  <th scope="col" className="text-end">{t('reports.bookClosing')}</th>
                  <th scope="col" className="text-end">{t('reports.difference')}</th>
                  <th scope="col">{t('reports.state')}</th>
                </tr>
              </thead>
              <tbody>
                {report.bankReconciliation.map((row) => (
                  <tr key={row.bankAccountId}>
                    <td>{`${BANK_LABELS[row.bank as Bank] ?? row.bank} ···${row.last4}`}</td>
                    <Money value={row.bankClosing} />
                    <Money value={row.bookClosing} />
                    <Money value={row.difference} />
                    <td>{row.reconciled ? t('reports.reconciled') : t('reports.notReconciled')}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : (
          <p className="mb-0">{t('reports.noBankAccounts')}</p>
        )}
      </Section>
    </div>
  );
}
