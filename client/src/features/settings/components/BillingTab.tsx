import { CreditCard } from 'lucide-react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBranding } from '@client/features/branding/api/get-branding';

/** Facturación: no card is ever stored; charges and payments live in /billing. */
export function BillingTab() {
  const { t } = useTranslation('settings');
  const { features } = useBranding();
  return (
    <Card>
      <Card.Body className="d-flex gap-3 align-items-start">
        <CreditCard className="text-primary flex-shrink-0 mt-1" aria-hidden />
        <div>
          <h2 className="h5">{t('billing.title')}</h2>
          <p className="text-body-secondary">{t('billing.noMethods')}</p>
          {features.billing && (
            <Link to="/billing" className="btn btn-outline-primary">
              {t('billing.goToBilling')}
            </Link>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
