import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type PagerProps = { page: number; pageSize: number; total: number; onChange: (page: number) => void };

/** "1–10 de 23" with previous and next (pages count from 0). */
export function Pager({ page, pageSize, total, onChange }: PagerProps) {
  const { t } = useTranslation('organizations');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="d-flex flex-wrap align-items-center justify-content-between gap-2 pt-3" aria-label={t('pager.label')}>
      <span className="text-body-secondary small" aria-live="polite">
        {t('pager.range', { from, to, total })}
      </span>
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" size="sm" onClick={() => onChange(page - 1)} disabled={page === 0}>
          <ChevronLeft size={16} aria-hidden /> {t('pager.previous')}
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={() => onChange(page + 1)} disabled={page >= pages - 1}>
          {t('pager.next')} <ChevronRight size={16} aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
