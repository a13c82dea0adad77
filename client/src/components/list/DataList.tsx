import { SearchX, type LucideIcon } from 'lucide-react';
import { Fragment, type CSSProperties, type Key, type ReactNode } from 'react';
import { Button, Card, ListGroup, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { Pager, type PagerProps } from '@client/components/Pager';
import { useMediaQuery } from '@client/hooks/use-media-query';
import type { Page } from '@client/lib/api';
import './list.css';

export type DataColumn<T> = {
  id: string;
  /** The column header, and the label of the value on a card. */
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * On a phone's card: `title` at the top (beside the actions), `field` a labelled line (the
   * default), `hidden` not shown.
   */
  card?: 'title' | 'field' | 'hidden';
  /** Classes of the column's header and cells (`text-nowrap`). */
  className?: string;
  style?: CSSProperties;
};

/** What DataList needs of a react-query result for one page of a list. */
export type PageQuery<T> = {
  data?: Page<T>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

type DataListProps<T> = {
  columns: DataColumn<T>[];
  query: PageQuery<T>;
  rowKey: (row: T) => Key;
  /** Names the table and the list of cards for screen readers ("Residentes"). */
  caption: string;
  /** The row's actions (a RowActionsMenu, or buttons); `card` is true on a phone's card. */
  actions?: (row: T, card: boolean) => ReactNode;
  /** Where a card shows the actions: beside its title (a menu) or at its foot (buttons with text). */
  cardActions?: 'top' | 'bottom';
  errorTitle: string;
  /** The list has no rows at all: what it is for and how to add the first one. */
  empty: { icon?: LucideIcon; title: string; description?: string; action?: ReactNode };
  /** The search or filters hide every row: say so and offer to clear them (list.filtered, list.clear). */
  filtered?: { title: string; description?: string; onClear: () => void } | false;
  /** The pager under the rows (the total comes from the query). */
  pagination?: Omit<PagerProps, 'total'>;
  /** `residents` gives `residents-table` and `residents-list`. */
  testId?: string;
  rowTestId?: string;
};

/**
 * One page of a server-paged list: a table from 768 px, cards on a phone, from one column
 * definition. Shows the spinner, the error with Try Again, the empty states (nothing yet, or
 * nothing matches the filters) and, while the next page loads, the previous one dimmed.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { t } = useTranslation();
  const { query, errorTitle, empty, filtered, pagination } = props;
  const wide = useMediaQuery('(min-width: 768px)');

  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) return <ErrorCard title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.items.length) {
    return filtered ? (
      <EmptyState
        icon={SearchX}
        title={filtered.title}
        description={filtered.description}
        action={
          <Button variant="outline-primary" onClick={filtered.onClear}>
            {t('list.clearAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState {...empty} />
    );
  }
  return (
    <>
      {wide ? <RowsTable {...props} rows={query.data.items} /> : <RowsCards {...props} rows={query.data.items} />}
      {pagination && <Pager {...pagination} total={query.data.total} />}
    </>
  );
}

type RowsProps<T> = DataListProps<T> & { rows: T[] };

function RowsTable<T>({ columns, rows, rowKey, caption, actions, query, testId, rowTestId }: RowsProps<T>) {
  const { t } = useTranslation();
  return (
    <Card className="shadow-sm">
      <Table hover responsive className="vec-data-list align-middle mb-0" aria-busy={query.isPlaceholderData} data-testid={testId && `${testId}-table`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="text-end">
                {t('list.actions')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.id} className={column.className} style={column.style}>
                  {column.cell(row)}
                </td>
              ))}
              {actions && <td className="text-end">{actions(row, false)}</td>}
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

function RowsCards<T>({ columns, rows, rowKey, caption, actions, cardActions = 'top', query, testId, rowTestId }: RowsProps<T>) {
  const titles = columns.filter((column) => column.card === 'title');
  const fields = columns.filter((column) => (column.card ?? 'field') === 'field');
  return (
    <ListGroup as="ul" className="vec-data-list shadow-sm" aria-label={caption} aria-busy={query.isPlaceholderData} data-testid={testId && `${testId}-list`}>
      {rows.map((row) => (
        <ListGroup.Item as="li" key={rowKey(row)} className="py-3" data-testid={rowTestId}>
          <div className="d-flex align-items-start justify-content-between gap-2">
            <div className="min-w-0">
              {titles.map((column) => (
                <div key={column.id}>{column.cell(row)}</div>
              ))}
            </div>
            {actions && cardActions === 'top' && actions(row, true)}
          </div>
          {fields.length > 0 && (
            <dl className="row small mt-2 mb-0 g-0">
              {fields.map((column) => (
                <Fragment key={column.id}>
                  <dt className="col-5 fw-normal text-body-secondary">{column.header}</dt>
                  <dd className="col-7 mb-1 text-break">{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          )}
          {actions && cardActions === 'bottom' && <div className="mt-2">{actions(row, true)}</div>}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
