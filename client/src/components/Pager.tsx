import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Pagination } from 'react-bootstrap';

type PagerProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark ("Páginas de documentos"). */
  label: string;
  /** "Mostrando 1–5 de 12", from the first and last row shown and the total. */
  summary?: (range: { from: number; to: number; total: number }) => string;
  previousLabel: string;
  nextLabel: string;
};

/** Page numbers around the current one, the first and the last, with gaps as null. */
function pageNumbers(page: number, pages: number): Array<number | null> {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? [null, n] : [n]));
}

/** Pagination of a server-side paged list (`limit`/`offset` and X-Total-Count). Hidden for one page. */
export function Pager({ page, pageSize, total, onChange, label, summary, previousLabel, nextLabel }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      {summary && (
        <p className="text-body-secondary small mb-0" aria-live="polite">
          {summary({ from, to, total })}
        </p>
      )}
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination className="mb-0 flex-wrap" size="sm">
            <Pagination.Prev disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={previousLabel}>
              <ChevronLeft size={16} aria-hidden />
            </Pagination.Prev>
            {pageNumbers(page, pages).map((n, i) =>
              n === null ? (
                <Pagination.Ellipsis key={`gap-${i}`} disabled />
              ) : (
                <Pagination.Item key={n} active={n === page} onClick={() => onChange(n)} aria-current={n === page ? 'page' : undefined}>
                  {n}
                </Pagination.Item>
              ),
            )}
            <Pagination.Next disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label={nextLabel}>
              <ChevronRight size={16} aria-hidden />
            </Pagination.Next>
          </Pagination>
        </nav>
      )}
    </div>
  );
}
