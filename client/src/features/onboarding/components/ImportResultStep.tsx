import { CircleCheck, CircleX, Download } from 'lucide-react';
import { Alert, Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { downloadFile } from '@client/lib/download';
import { errorsCsvPath, type Import } from '../api/imports';
import { ImportTotals } from './ImportTotals';

/** Where what was imported is seen. */
const DESTINATIONS: Record<Import['kind'], string> = {
  units: '/properties',
  people: '/residents',
  balances: '/billing',
  suppliers: '/finances/suplidores',
};

/**
 * Steps 4 and 5: while the worker applies the import, its progress bar (live `import.progress`
 * events, and the import asked again meanwhile); then the result, its error rows as CSV.
 */
export function ImportResultStep({ stored, onAnother }: { stored: Import; onAnother: () => void }) {
  const { t } = useTranslation('onboarding');
  const errorsButton = stored.totals.error > 0 && (
    <Button
      variant="outline-secondary"
      className="d-inline-flex align-items-center gap-1"
      onClick={() =>
        void downloadFile({ path: errorsCsvPath(stored.id), fileName: `errores-importacion-${stored.id}.csv` }).catch((error) =>
          toast({ title: t('result.downloadFailed'), description: errorMessage(error), variant: 'destructive' }),
        )
      }
    >
      <Download size={16} aria-hidden />
      {t('result.downloadErrors')}
    </Button>
  );

  if (stored.status === 'applying') {
    const now = Math.max(0, Math.min(100, stored.progress ?? 0));
    return (
      <div data-testid="import-applying">
        <p id="import-progress-label">{t('result.applying', { file: stored.fileName })}</p>
        <div
          className="progress"
          role="progressbar"
          aria-labelledby="import-progress-label"
          aria-valuenow={now}
          aria-valuemin={0}
          aria-valuemax={100}
          style={{ height: '1.25rem' }}
          data-testid="import-progress"
        >
          <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${now}%` }}>
            {now} %
          </div>
        </div>
        <p className="small text-body-secondary mt-2" aria-live="polite">
          {t('result.progress', { percent: now })}
        </p>
      </div>
    );
  }

  const failed = stored.status === 'failed';
  return (
    <div data-testid="import-result">
      <Alert variant={failed ? 'danger' : 'success'} className="d-flex gap-2 align-items-start" role="status">
        {failed ? <CircleX aria-hidden className="flex-shrink-0" /> : <CircleCheck aria-hidden className="flex-shrink-0" />}
        <div>
          <strong>{failed ? t('result.failedTitle') : t('result.appliedTitle')}</strong>
          <div>{failed ? (stored.failure ?? t('result.failedBody')) : t('result.appliedBody', { created: stored.totals.create, updated: stored.totals.update, unchanged: stored.totals.unchanged })}</div>
          {!failed && stored.totals.error > 0 && <div>{t('result.skipped', { count: stored.totals.error })}</div>}
        </div>
      </Alert>
      <ImportTotals totals={stored.totals} />
      <div className="d-flex flex-wrap gap-2">
        {errorsButton}
        {!failed && (
          <Link className="btn btn-primary" to={DESTINATIONS[stored.kind]}>
            {t(`result.see.${stored.kind}`)}
          </Link>
        )}
        <Button variant="outline-secondary" onClick={onAnother}>
          {t('result.another')}
        </Button>
      </div>
    </div>
  );
}
