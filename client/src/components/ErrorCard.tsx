import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@client/lib/api';

type ErrorCardProps = { title?: string; error?: unknown; message?: string; onRetry?: () => void };

/** A failed load: what went wrong and a Try Again button. (Bootstrap's markup: it is in the first download.) */
export function ErrorCard({ title, error, message, onRetry }: ErrorCardProps) {
  const { t } = useTranslation();
  return (
    <div className="card border-danger-subtle" role="alert">
      <div className="card-body d-flex gap-3 align-items-start">
        <CircleAlert className="text-danger flex-shrink-0 mt-1" aria-hidden />
        <div>
          <h2 className="card-title h6">{title ?? t('errors.loadTitle')}</h2>
          <p className="mb-3 text-body-secondary text-break">{message ?? (error ? errorMessage(error) : t('errors.generic'))}</p>
          {onRetry && (
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
              {t('actions.tryAgain')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
