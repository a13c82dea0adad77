import { BookOpen } from 'lucide-react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { STATEMENTS_PAGE_SIZE, useAccounts, useJournal, type JournalEntry } from '../api';

type Props = {
  propertyId: number;
  accountId: number | null;
  from: string | null;
  to: string | null;
  page: number;
  onAccount: (accountId: number | null) => void;
  onPage: (page: number) => void;
  filtered: false | { onClear: () => void };
};

/** The journal of a property (latest first, paged), by account and period (the filters live in the URL). */
export function JournalView({ propertyId, accountId, from, to, page, onAccount, onPage, filtered }: Props) {
  const { t } = useTranslation('financesStatements');
  const formatDate = useFormatDate();
  const accounts = useAccounts();
  const journal = useJournal({ propertyId, accountId, from, to }, page);
  const columns: DataColumn<JournalEntry>[] = [
    { id: 'date', header: t('journal.date'), className: 'text-nowrap', cell: (entry) => formatDate(entry.date, 'day') },
    {
      id: 'description',
      header: t('journal.description'),
      card: 'title',
      cell: (entry) => (
        <div className="min-w-0">
          <div className="fw-semibold text-break">{entry.description}</div>
          <div className="small text-body-secondary">
            {t(`journal.sources.${entry.source.type}`, { defaultValue: entry.source.type })}
            {entry.reversesEntryId !== null && ` · ${t('journal.reverses', { id: entry.reversesEntryId })}`}
            {entry.reversedByEntryId !== null && ` · ${t('journal.reversedBy', { id: entry.reversedByEntryId })}`}
          </div>
        </div>
      ),
    },
    {
      id: 'lines',
      header: t('journal.lines'),
      cell: (entry) => (
        <ul className="list-unstyled mb-0 small">
          {entry.lines.map((line, index) => (
            <li key={index} className="d-flex justify-content-between gap-3">
              <span className={line.credit > 0 ? 'ps-3' : undefined}>
                {line.code} {line.name}
              </span>
              <span className="text-nowrap">
                {line.debit > 0 ? `${t('table.debit')} ${formatMoney(line.debit)}` : `${t('table.credit')} ${formatMoney(line.credit)}`}
              </span>
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <section aria-label={t('views.journal')}>
      <Row className="g-3 mb-3">
        <Col sm={7} md={5}>
          <Form.Group controlId="journal-account">
            <Form.Label>{t('journal.account')}</Form.Label>
            <Form.Select value={accountId ?? ''} onChange={(event) => onAccount(event.target.value ? Number(event.target.value) : null)}>
              <option value="">{t('journal.allAccounts')}</option>
              {(accounts.data ?? []).map((account) => (
                <option key={account.id} value={account.id}>
                  {account.code} {account.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      <DataList
        columns={columns}
        query={journal}
        rowKey={(entry) => entry.id}
        caption={t('journal.caption')}
        errorTitle={t('error')}
        empty={{ icon: BookOpen, title: t('journal.emptyTitle'), description: t('journal.empty') }}
        filtered={filtered && { title: t('journal.filteredTitle'), description: t('journal.filtered'), onClear: filtered.onClear }}
        pagination={{ page, pageSize: STATEMENTS_PAGE_SIZE, onChange: onPage, label: t('journal.pager') }}
        testId="journal"
        rowTestId="journal-row"
      />
    </section>
  );
}
