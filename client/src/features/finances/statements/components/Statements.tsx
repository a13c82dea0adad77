import { CheckCircle2, FileDown, TriangleAlert } from 'lucide-react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { balanceSheetPdfPath, incomePdfPath, useBalanceSheet, useIncomeStatement, useTrialBalance } from '../api';
import { StatementTable, TotalLine } from './StatementTable';

/** A link to a statement's PDF (opened by the browser with the session's cookie). */
function PdfLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <Button as="a" href={href} target="_blank" rel="noopener" variant="outline-primary" size="sm" className="d-inline-flex align-items-center gap-2" data-testid={testId}>
      <FileDown size={16} aria-hidden />
      {label}
    </Button>
  );
}

/** The trial balance at the end of `to`: every account's debits and credits, and whether they balance. */
export function TrialBalanceView({ propertyId, to }: { propertyId: number; to: string }) {
  const { t } = useTranslation('financesStatements');
  const query = useTrialBalance(propertyId, to);
  const data = query.data;
  const balanced = data && data.totalDebit === data.totalCredit;
  return (
    <section aria-label={t('views.trial')}>
      <StatementTable query={query} columns="debitCredit" caption={t('trial.caption', { date: to })} testId="trial-balance" />
      {data && (
        <>
          <TotalLine label={t('trial.totalDebit')} value={data.totalDebit} testId="trial-total-debit" />
          <TotalLine label={t('trial.totalCredit')} value={data.totalCredit} testId="trial-total-credit" />
          <Alert variant={balanced ? 'success' : 'danger'} className="d-flex align-items-center gap-2 mt-3" data-testid="trial-status" role="status">
            {balanced ? <CheckCircle2 size={18} aria-hidden /> : <TriangleAlert size={18} aria-hidden />}
            {balanced ? t('trial.balanced') : t('trial.unbalanced')}
          </Alert>
        </>
      )}
    </section>
  );
}

/** The balance sheet at the end of `to`: assets, liabilities, equity and the result so far; cash per fund. */
export function BalanceSheetView({ propertyId, to }: { propertyId: number; to: string }) {
  const { t } = useTranslation('financesStatements');
  const query = useBalanceSheet(propertyId, to);
  const data = query.data;
  return (
    <section aria-label={t('views.balance')}>
      <div className="d-flex justify-content-end mb-2">
        <PdfLink href={balanceSheetPdfPath(propertyId, to)} label={t('pdf')} testId="balance-sheet-pdf" />
      </div>
      <StatementTable query={query} columns="balance" caption={t('balance.caption', { date: to })} testId="balance-sheet" />
      {data && (
        <>
          <TotalLine label={t('balance.assets')} value={data.assets} testId="balance-assets" />
          <TotalLine label={t('balance.liabilities')} value={data.liabilities} />
          <TotalLine label={t('balance.equity')} value={data.equity} />
          <TotalLine label={t('balance.result')} value={data.result} />
          <TotalLine label={t('balance.liabilitiesAndEquity')} value={data.liabilities + data.equity + data.result} strong />
          {data.funds.length > 0 && (
            <>
              <h3 className="h6 mt-4">{t('balance.funds')}</h3>
              <ul className="list-unstyled mb-0">
                {data.funds.map((fund) => (
                  <li key={fund.fundId}>
                    <TotalLine label={fund.name} value={fund.cash} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The income statement of `from`..`to`: income, expenses and the result. */
export function IncomeStatementView({ propertyId, from, to }: { propertyId: number; from: string; to: string }) {
  const { t } = useTranslation('financesStatements');
  const query = useIncomeStatement(propertyId, from, to);
  const data = query.data;
  if (from > to) return <Alert variant="warning">{t('periodInvalid')}</Alert>;
  return (
    <section aria-label={t('views.income')}>
      <div className="d-flex justify-content-end mb-2">
        <PdfLink href={incomePdfPath(propertyId, from, to)} label={t('pdf')} testId="income-pdf" />
      </div>
      <StatementTable query={query} columns="balance" caption={t('income.caption', { from, to })} testId="income-statement" />
      {data && (
        <>
          <TotalLine label={t('income.income')} value={data.income} />
          <TotalLine label={t('income.expenses')} value={data.expenses} />
          <TotalLine label={t('income.result')} value={data.result} testId="income-result" strong />
        </>
      )}
    </section>
  );
}
