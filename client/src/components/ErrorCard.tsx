import { CircleAlert } from 'lucide-react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@client/lib/api';

type ErrorCardProps = { title?: string; error?: unknown; message?: string; onRetry?: () => void };

/** A failed load: what went wrong and a Try Again button. */
export function ErrorCard({ title, error, message, onRetry }: ErrorCardProps) {
  const { t } = useTranslation();
  return (
    <Card className="border-danger-subtle" role="alert">
      <Card.Body className="d-flex gap-3 align-items-start">
        <CircleAlert className="text-danger flex-shrink-0 mt-1" aria-hidden />
        <div>
          <Card.Title as="h2" className="h6">
            {title ?? t('errors.loadTitle')}
          </Card.Title>
          <p className="mb-3 text-body-secondary text-break">{message ?? (error ? errorMessage(error) : t('errors.generic'))}</p>
          {onRetry && (
            <Button variant="outline-danger" size="sm" onClick={onRetry}>
              {t('actions.tryAgain')}
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
