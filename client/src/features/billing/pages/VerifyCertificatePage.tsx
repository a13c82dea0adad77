import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ShieldAlert, ShieldX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { normalizeCertificateCode } from '@shared/certificates';
import { Loading } from '@client/components/Loading';
import { usePageTitle } from '@client/hooks/use-page-title';
import { api, errorMessage, isApiError } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';

type Verified = { code: string; organizationName: string; propertyName: string; unitNumber: string; issuedOn: string; validUntil: string; valid: boolean };

/** The box to type a code (any case, with or without dashes): it opens /verificar/<code>. */
function CodeForm({ code }: { code: string }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeCertificateCode(typed);
    if (normalized) navigate(`/verificar/${encodeURIComponent(normalized)}`);
  };
  return (
    <Form onSubmit={submit} className="mb-3" aria-label={t('verify.formLabel')}>
      <Form.Label htmlFor="certificate-code">{t('verify.codeLabel')}</Form.Label>
      <div className="d-flex flex-wrap gap-2">
        <Form.Control
          id="certificate-code"
          className="font-monospace flex-grow-1"
          style={{ minWidth: 0, flexBasis: '14rem' }}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="ABCD-EFGH-JKLM-NPQR"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-describedby="certificate-code-hint"
          required
        />
        <Button type="submit" disabled={!typed.trim()}>
          {t('verify.check')}
        </Button>
      </div>
      <Form.Text id="certificate-code-hint">{t('verify.codeHint')}</Form.Text>
    </Form>
  );
}

/**
 * /verificar/<code>: anyone (no sign-in) checks a no-debt certificate by its code (any case,
 * with or without dashes; the QR printed on the certificate opens it); only the unit, the day
 * it was issued and whether it is still valid are shown. /verificar alone shows the box to type
 * a code.
 */
export default function VerifyCertificatePage() {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const { code = '' } = useParams();
  usePageTitle(t('verify.title'));
  const query = useQuery({
    queryKey: ['certificate', code],
    queryFn: () => api.get<Verified>(`/api/certificates/${encodeURIComponent(code)}`),
    retry: false,
    enabled: Boolean(code),
  });
  const day = (value: string) => formatDate(value, 'day');

  let body;
  if (!code) body = null;
  else if (query.isPending) body = <Loading />;
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
          {/* A new code remounts the box with it. */}
          <CodeForm key={code} code={code} />
          {body}
        </Card.Body>
      </Card>
    </main>
  );
}
