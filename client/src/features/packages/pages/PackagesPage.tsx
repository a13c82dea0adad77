import { Package, ShieldCheck } from 'lucide-react';
import { Badge, Card, Col, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCarrierLabel } from '../lib/labels';
import { Link } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { toast } from '@client/components/toast/toast';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { useCurrentUser } from '@client/lib/auth';
import { useFormatDate } from '@client/lib/format';
import { PACKAGE_CARRIERS, PACKAGE_STATUSES } from '@shared/enums';
import { isAdministrator } from '@shared/permissions';
import type { PackageEventPayload } from '@shared/schemas/packages';
import {
  PACKAGE_FILTERS,
  PACKAGES_PAGE_SIZE,
  packageExport,
  useExpiringRecords,
  useMyProperties,
  usePackageHistory,
  usePackageLog,
  usePropertyUnits,
  useWaitingPackages,
  type PackageView,
  type PropertyOption,
} from '../api/packages';
import { RecordBadge, UnitRegistry } from '../components/UnitRegistry';
import { usePackagesLive } from '../lib/live';

/**
 * /packages. Administrators: the log of every package with filters in the URL, table or cards,
 * pager and CSV, and the pets whose vaccination record is about to expire. Residents and owners:
 * "Mis paquetes" (waiting, with the pickup code; then history), and their units' vehicles and pets.
 */
export default function PackagesPage() {
  const user = useCurrentUser();
  return isAdministrator(user) ? <PackageLog /> : <MyPackages />;
}

function StatusBadge({ pkg }: { pkg: PackageView }) {
  const { t } = useTranslation('packages');
  const variant = pkg.status === 'waiting' ? 'warning' : pkg.status === 'picked_up' ? 'success' : 'secondary';
  return (
    <Badge bg={variant} text={pkg.status === 'waiting' ? 'dark' : undefined}>
      {t(`statuses.${pkg.status}`)}
    </Badge>
  );
}

function PackageLog() {
  const { t } = useTranslation('packages');
  const carrierLabel = useCarrierLabel();
  const formatDate = useFormatDate();
  const list = useListFilters(PACKAGE_FILTERS);
  const { filters } = list;
  const log = usePackageLog(filters, list.page);
  useKeepPageInRange(list, log, PACKAGES_PAGE_SIZE);
  usePackagesLive();
  const columns: DataColumn<PackageView>[] = [
    { id: 'unit', header: t('fields.unit'), cell: (p) => `${p.unitNumber} · ${p.propertyName}`, card: 'title' },
    { id: 'carrier', header: t('fields.carrier'), cell: (p) => carrierLabel(p.carrier) },
    { id: 'tracking', header: t('fields.tracking'), cell: (p) => p.tracking ?? '—' },
    { id: 'status', header: t('fields.status'), cell: (p) => <StatusBadge pkg={p} /> },
    { id: 'received', header: t('fields.received'), cell: (p) => formatDate(p.createdAt, 'dateTime'), className: 'text-nowrap' },
    { id: 'age', header: t('fields.age'), cell: (p) => t('waiting.age', { count: p.ageDays }) },
    { id: 'pickedUpBy', header: t('fields.pickedUpBy'), cell: (p) => p.pickedUpBy?.name ?? p.returnReason ?? '—' },
  ];
  return (
    <>
      <PageHeader
        title={t('log.pageTitle')}
        description={t('log.description')}
        actions={
          <Link to="/packages/desk" className="btn btn-outline-primary d-inline-flex align-items-center gap-2">
            <ShieldCheck size={18} aria-hidden />
            {t('actions.desk')}
          </Link>
        }
      />
      <ListToolbar
        label={t('log.toolbar')}
        search={{ value: filters.q, onChange: (q) => list.update({ q }), label: t('log.search'), placeholder: t('log.searchPlaceholder') }}
        filters={
          <>
            <PropertySelect className="" label={t('fields.property')} emptyLabel={t('log.allProperties')} value={filters.propertyId} onChange={(propertyId) => list.update({ propertyId })} />
            <FilterSelect label={t('fields.status')} emptyLabel={t('log.allStatuses')} value={filters.status} options={PACKAGE_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))} onChange={(status) => list.update({ status })} />
            <FilterSelect label={t('fields.carrier')} emptyLabel={t('log.allCarriers')} value={filters.carrier} options={PACKAGE_CARRIERS.map((value) => ({ value, label: carrierLabel(value) }))} onChange={(carrier) => list.update({ carrier })} />
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
        csv={packageExport(filters)}
      />
      <DataList
        columns={columns}
        query={log}
        rowKey={(p) => p.id}
        caption={t('log.caption')}
        errorTitle={t('errors.list')}
        empty={{ icon: Package, title: t('log.empty') }}
        filtered={list.filtered && { title: t('log.filteredEmpty'), onClear: list.clear }}
        pagination={{ page: list.page, pageSize: PACKAGES_PAGE_SIZE, onChange: list.setPage, label: t('log.pager') }}
        testId="packages"
        rowTestId="package-row"
      />
      <ExpiringRecords propertyId={filters.propertyId} />
    </>
  );
}

function ExpiringRecords({ propertyId }: { propertyId: number | null }) {
  const { t } = useTranslation('packages');
  const expiring = useExpiringRecords(propertyId);
  return (
    <Card className="mt-4">
      <Card.Header as="h2" className="h6 mb-0">
        {t('pets.expiringTitle')}
      </Card.Header>
      {expiring.isError ? (
        <ErrorCard title={t('errors.list')} error={expiring.error} onRetry={() => void expiring.refetch()} />
      ) : !expiring.data ? (
        <Card.Body>
          <Loading />
        </Card.Body>
      ) : (
        <ListGroup variant="flush" data-testid="expiring-records">
          {!expiring.data.length && <ListGroup.Item className="text-body-secondary">{t('pets.noneExpiring')}</ListGroup.Item>}
          {expiring.data.map((pet) => (
            <ListGroup.Item key={pet.id}>
              {t('unitLabel', { unit: pet.unitNumber })} · <span className="fw-semibold">{pet.name}</span> ({t(`species.${pet.species}`)}) <RecordBadge pet={pet} />
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}

function MyPackages() {
  const { t } = useTranslation('packages');
  const carrierLabel = useCarrierLabel();
  const formatDate = useFormatDate();
  const waiting = useWaitingPackages(null);
  const history = usePackageHistory();
  const properties = useMyProperties();
  usePackagesLive((event) => {
    const p = event.payload as unknown as PackageEventPayload;
    if (event.type === 'package.logged' && p.forUnit) toast({ title: t('mine.arrived', { unit: p.unitNumber }), description: p.pickupCode ? t('mine.codeIs', { code: p.pickupCode }) : undefined });
  });
  const closed = history.data?.filter((p) => p.status !== 'waiting') ?? [];
  return (
    <>
      <PageHeader title={t('mine.title')} description={t('mine.description')} />
      {waiting.isError ? (
        <ErrorCard title={t('errors.list')} error={waiting.error} onRetry={() => void waiting.refetch()} />
      ) : !waiting.data ? (
        <Loading />
      ) : !waiting.data.length ? (
        <Card body className="mb-4 text-body-secondary">
          {t('mine.none')}
        </Card>
      ) : (
        <Row className="g-3 mb-4" data-testid="my-packages">
          {waiting.data.map((pkg) => (
            <Col key={pkg.id} sm={6} lg={4}>
              <Card data-testid="my-package">
                <Card.Body>
                  <div className="d-flex justify-content-between">
                    <span className="fw-semibold">
                      {carrierLabel(pkg.carrier)} {pkg.perishable && <Badge bg="danger">{t('fields.perishable')}</Badge>}
                    </span>
                    <span className="small text-body-secondary">{t('unitLabel', { unit: pkg.unitNumber })}</span>
                  </div>
                  <div className="text-body-secondary small">{[formatDate(pkg.createdAt, 'dateTime'), pkg.tracking].filter(Boolean).join(' · ')}</div>
                  <div className="mt-2">{t('mine.code')}</div>
                  <div className="display-6 font-monospace fw-bold" data-testid="pickup-code-shown">
                    {pkg.pickupCode}
                  </div>
                  {pkg.photoUrl && <img src={pkg.photoUrl} alt={t('mine.photo')} className="img-fluid rounded mt-2" style={{ maxHeight: 160 }} />}
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {closed.length > 0 && (
        <Card className="mb-4">
          <Card.Header as="h2" className="h6 mb-0">
            {t('mine.history')}
          </Card.Header>
          <ListGroup variant="flush">
            {closed.map((pkg) => (
              <ListGroup.Item key={pkg.id} className="d-flex justify-content-between flex-wrap gap-2">
                <span>
                  {carrierLabel(pkg.carrier)} · {formatDate(pkg.createdAt, 'day')}
                </span>
                <span>
                  <StatusBadge pkg={pkg} /> {pkg.pickedUpBy?.name ?? pkg.returnReason ?? ''}
                </span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </Card>
      )}
      {properties.data?.map((property) => <PropertyUnits key={property.id} property={property} />)}
    </>
  );
}

function PropertyUnits({ property }: { property: PropertyOption }) {
  const units = usePropertyUnits(property.id);
  return <>{units.data?.map((unit) => <UnitRegistry key={unit.id} unitId={unit.id} unitNumber={unit.unitNumber} />)}</>;
}
