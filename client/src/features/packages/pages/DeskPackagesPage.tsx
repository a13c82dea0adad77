import { Package } from 'lucide-react';
import { useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { useDeskProperties } from '../api/packages';
import { LogPackageForm } from '../components/LogPackageForm';
import { PlateSearch } from '../components/PlateSearch';
import { WaitingList } from '../components/WaitingList';
import { usePackagesLive } from '../lib/live';

/**
 * /packages/desk, for the guardhouse's tablet (administrators and security staff): log a package
 * in seconds, the packages waiting by age with pickup (code or name, signature) and return, and
 * the plate search. Everything follows live (another tablet hands a package out).
 */
export default function DeskPackagesPage() {
  const { t } = useTranslation('packages');
  const properties = useDeskProperties();
  const [chosen, setChosen] = useState<number | null>(null);
  const propertyId = chosen ?? properties.data?.[0]?.id ?? null;
  usePackagesLive();

  if (properties.isPending) return <Loading />;
  if (properties.isError) return <ErrorCard title={t('errors.list')} error={properties.error} onRetry={() => void properties.refetch()} />;
  return (
    <>
      <PageHeader title={t('desk.title')} description={t('desk.description')} />
      {!properties.data.length || propertyId === null ? (
        <EmptyState icon={Package} title={t('desk.noDesk')} />
      ) : (
        <>
          {properties.data.length > 1 && (
            <Form.Group controlId="packages-desk-property" className="mb-3" style={{ maxWidth: 360 }}>
              <Form.Label>{t('fields.property')}</Form.Label>
              <Form.Select value={propertyId} onChange={(event) => setChosen(Number(event.target.value))}>
                {properties.data.map((property) => (
                  <option key={property.id} value={property.id}>
                    {property.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <Row className="g-4" key={propertyId}>
            <Col lg={7}>
              <LogPackageForm propertyId={propertyId} />
              <PlateSearch propertyId={propertyId} />
            </Col>
            <Col lg={5}>
              <WaitingList propertyId={propertyId} />
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
