import { useTranslation } from 'react-i18next';
import { ROW_OUTCOMES } from '@shared/onboarding';
import type { ImportTotals as Totals } from '../api/imports';

/** The counts of a preview or result: rows, and each outcome. */
export function ImportTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation('onboarding');
  return (
    <dl className="vec-import-totals mb-3" data-testid="import-totals">
      <div className="border rounded-3 p-2">
        <dt className="small text-body-secondary fw-normal">{t('totals.rows')}</dt>
        <dd className="h5 mb-0" data-testid="import-total-rows">{totals.rows}</dd>
      </div>
      {ROW_OUTCOMES.map((outcome) => (
        <div key={outcome} className={`border rounded-3 p-2 ${outcome === 'error' && totals.error > 0 ? 'border-danger' : ''}`}>
          <dt className="small text-body-secondary fw-normal">{t(`totals.${outcome}`)}</dt>
          <dd className={`h5 mb-0 ${outcome === 'error' && totals.error > 0 ? 'text-danger-emphasis' : ''}`} data-testid={`import-total-${outcome}`}>
            {totals[outcome]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
