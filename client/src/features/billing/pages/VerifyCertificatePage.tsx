import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ShieldAlert, ShieldX } from 'lucide-react';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Loading } from '@client/components/Loading';
import { usePageTitle } from '@client/hooks/use-page-title';
import { api, errorMessage, isApiError } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';

type Verified = { code: string; organizationName: string; propertyName: string; unitNumber: string; issuedOn: string; validUntil: string; valid: boolean };

/**
 * /verificar/<code>: anyone (no sign-in) checks a no-debt certificate by its code; only the
 * unit, the day it was issued and whether it is still valid are shown.
 */
export default function VerifyCertificatePage() {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const { code = '' } = useParams();
  usePageTitle(t('verify.title'));
  const query = useQuery({ queryKey: ['certificate', code], queryFn: () => api.get<Verified>(`/api/certificates/${encodeURIComponent(code)}`), retry: false });
  const day = (value: string) => formatDate(value, 'day');

  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError) {
    body = (
      <Alert variant={isApiError(query.error, 404) ? 'danger' : 'warning'} className="d-flex gap-2 align-items-start mb-0" data-testid="certificate-not-found">
        <ShieldX aria-hidden className="flex-shrink-0" />
        {/* Too many wrong codes from here: the server says how long to wait. */}
        <span>{isApiError(query.error, 404) ? t('verify.notFound') : isApiError(query.error, 429) ? errorMessage(query.error) : t('verify.error')}</span>
      </Alert>
    );
  } else {
    const found = query.data;
    body = (
      <>
        <Alert variant={found.valid ? 'success' : 'warning'} className="d-flex gap-2 align-items-start" data-testid="certificate-status">
          {found.valid ? <BadgeCheck aria-hidden className="flex-shrink-0" /> : <ShieldAlert aria-hidden className="flex-shrink-0" />}
          <span>{found.valid ? t('verify.valid') : t('verify.expired')}</span>
        </Alert>
        <dl className="row mb-0">
          <dt className="col-sm-4">{t('verify.unit')}</dt>
          <dd className="col-sm-8">{`${found.propertyName} · ${found.unitNumber}`}</dd>
          <dt className="col-sm-4">{t('verify.issuedBy')}</dt>
          <dd className="col-sm-8">{found.organizationName}</dd>
          <dt className="col-sm-4">{t('verify.issuedOn')}</dt>
          <dd className="col-sm-8">{day(found.issuedOn)}</dd>
          <dt className="col-sm-4">{t('verify.validUntil')}</dt>
          <dd className="col-sm-8">{day(found.validUntil)}</dd>
          <dt className="col-sm-4">{t('verify.code')}</dt>
          <dd className="col-sm-8 font-monospace mb-0">{found.code}</dd>
        </dl>
      </>
    );
  }
  return (
    <main className="container py-5" style={{ maxWidth: 640 }}>
      <Card>
        <Card.Body>
          <h1 className="h4">{t('verify.title')}</h1>
          <p className="text-body-secondary">{t('verify.description')}</p>
          {body}
        </Card.Body>
      </Card>
    </main>
  );
}
