import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StatementLine } from '@shared/schemas/financesBooks';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { formatMoney } from '@client/lib/format';

type Query = { data?: { lines: StatementLine[] }; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A statement's lines: account, then debit and credit (the trial balance) or the balance (the
 * other statements). A table on a desktop, cards on a phone; loading, empty and error states.
 */
export function StatementTable({ query, columns, caption, testId }: { query: Query; columns: 'debitCredit' | 'balance'; caption: string; testId: string }) {
  const { t } = useTranslation('financesStatements');
  const money = (value: number) => <span className="text-nowrap">{formatMoney(value)}</span>;
  const all: DataColumn<StatementLine>[] = [
    { id: 'code', header: t('table.code'), className: 'text-nowrap', cell: (line) => line.account.code },
    { id: 'name', header: t('table.account'), card: 'title', cell: (line) => <span className="fw-semibold">{line.account.name}</span> },
    { id: 'kind', header: t('table.kind'), cell: (line) => t(`kinds.${line.account.kind}`) },
    ...(columns === 'debitCredit'
      ? [
          { id: 'debit', header: t('table.debit'), className: 'text-end', cell: (line: StatementLine) => money(line.debit) },
          { id: 'credit', header: t('table.credit'), className: 'text-end', cell: (line: StatementLine) => money(line.credit) },
        ]
      : [{ id: 'balance', header: t('table.balance'), className: 'text-end', cell: (line: StatementLine) => money(line.balance) }]),
  ];
  const lines = query.data?.lines;
  return (
    <DataList
      columns={all}
      query={{ ...query, data: lines && { items: lines, total: lines.length }, isPlaceholderData: false }}
      rowKey={(line) => line.account.id}
      caption={caption}
      errorTitle={t('error')}
      empty={{ icon: ScrollText, title: t('emptyTitle'), description: t('empty') }}
      testId={testId}
      rowTestId={`${testId}-row`}
    />
  );
}

/** A total under a statement: label and amount on one line. */
export function TotalLine({ label, value, testId, strong = false }: { label: string; value: number; testId?: string; strong?: boolean }) {
  return (
    <p className={`d-flex justify-content-between border-top pt-2 mt-2 mb-0 ${strong ? 'fw-bold' : 'fw-semibold'}`} data-testid={testId}>
      <span>{label}</span>
      <span className="text-nowrap">{formatMoney(value)}</span>
    </p>
  );
}
