import { ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Quorum, Tally } from '@shared/assemblies';

/** A weight in ten-thousandths of a point as a percentage of `total`. */
export const percent = (weight: number, total: number) => (total > 0 ? (weight * 100) / total : 0);
const pct = (value: number) => `${value.toFixed(2)} %`;

/** Present shares and units, and whether the call's quorum is reached (updates live). */
export function QuorumView({ quorum, large = false }: { quorum: Quorum; large?: boolean }) {
  const { t } = useTranslation('assemblies');
  const share = percent(quorum.presentWeight, quorum.totalWeight);
  return (
    <section aria-live="polite" aria-label={t('quorum.title')} data-testid="quorum">
      <div className={large ? 'display-5 fw-bold' : 'h5'}>
        {t('quorum.present', { share: pct(share), units: quorum.presentUnits, total: quorum.totalUnits })}
      </div>
      <ProgressBar now={share} variant={quorum.reached ? 'success' : 'warning'} className={large ? 'my-3' : 'my-2'} style={large ? { height: '2rem' } : undefined} aria-hidden />
      <div className={large ? 'fs-2' : 'small'}>
        <span className={quorum.reached ? 'text-success fw-semibold' : 'text-warning-emphasis fw-semibold'}>
          {quorum.reached ? t('quorum.reached') : t('quorum.notReached')}
        </span>{' '}
        · {quorum.call === 'first' ? t('quorum.first', { required: quorum.required }) : t('quorum.second')}
      </div>
    </section>
  );
}

/** Weighted % and unit count per option (no one's secret ballot: totals only). */
export function TallyView({ tally, options, large = false, label }: { tally: Tally | null; options: string[]; large?: boolean; label: string }) {
  const { t } = useTranslation('assemblies');
  const rows = options.map((option) => tally?.options.find((row) => row.option === option) ?? { option, units: 0, weight: 0 });
  return (
    <section aria-live="polite" aria-label={label} data-testid="tally">
      <ul className="list-unstyled mb-0">
        {rows.map((row) => {
          const share = percent(row.weight, tally?.eligibleWeight ?? 0);
          return (
            <li key={row.option} className={large ? 'mb-3' : 'mb-2'} data-option={row.option}>
              <div className={`d-flex justify-content-between ${large ? 'fs-1 fw-semibold' : ''}`}>
                <span>{row.option}</span>
                <span data-testid="tally-units">{t('tally.row', { share: pct(share), count: row.units })}</span>
              </div>
              <ProgressBar now={share} style={large ? { height: '1.5rem' } : { height: '0.5rem' }} aria-hidden />
            </li>
          );
        })}
      </ul>
      <div className={large ? 'fs-3 text-body-secondary' : 'small text-body-secondary'}>
        {t('tally.cast', { units: tally?.castUnits ?? 0, share: pct(percent(tally?.castWeight ?? 0, tally?.eligibleWeight ?? 0)) })}
      </div>
    </section>
  );
}
