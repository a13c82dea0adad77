import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export type PagerProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Páginas de documentos"). */
  label: string;
};

/** Page numbers around the current one, the first and the last, with gaps as null. */
function pageNumbers(page: number, pages: number): Array<number | null> {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? [null, n] : [n]));
}

/**
 * Pagination of a server-side paged list (`limit`/`offset` and X-Total-Count), with its summary
 * ("Mostrando 1–5 de 12"); the page numbers are hidden for one page.
 */
export function Pager({ page, pageSize, total, onChange, label }: PagerProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <p className="text-body-secondary small mb-0" aria-live="polite">
        {t('pager.summary', { from, to, total })}
      </p>
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination className="mb-0 flex-wrap" size="sm">
            {/* Items of our own: react-bootstrap's Prev, Next and Ellipsis carry English screen-reader text. */}
            <Pagination.Item disabled={page <= 1} onClick={() => onChange(page - 1)}>
              <ChevronLeft size={16} aria-hidden />
              <span className="visually-hidden">{t('pager.previous')}</span>
            </Pagination.Item>
            {pageNumbers(page, pages).map((n, i) =>
              n === null ? (
                <Pagination.Item key={`gap-${i}`} disabled aria-hidden>
                  …
                </Pagination.Item>
              ) : (
                <Pagination.Item key={n} active={n === page} activeLabel="" onClick={() => onChange(n)} aria-current={n === page ? 'page' : undefined}>
                  {n}
                </Pagination.Item>
              ),
            )}
            <Pagination.Item disabled={page >= pages} onClick={() => onChange(page + 1)}>
              <ChevronRight size={16} aria-hidden />
              <span className="visually-hidden">{t('pager.next')}</span>
            </Pagination.Item>
          </Pagination>
        </nav>
      )}
    </div>
  );
}
