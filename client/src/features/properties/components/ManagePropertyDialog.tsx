import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { Modal, Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useBranding } from '@client/lib/branding';
import { isApiError } from '@client/lib/api';
import type { Property } from '../api/get-properties';
import { propertyQueryOptions } from '../api/get-property';
import { usePropertySlots } from '../slots';
import { AmenitiesTab } from './AmenitiesTab';
import { DetailsTab } from './DetailsTab';
import { usePlace } from './PropertyCard';
import { ResidentsTab } from './ResidentsTab';
import { StaffTab } from './StaffTab';
import { UnitsTab } from './UnitsTab';

export const MANAGE_TABS = ['details', 'residents', 'amenities', 'units', 'fees', 'staff'] as const;
export type ManageTab = (typeof MANAGE_TABS)[number];

type ManagePropertyDialogProps = {
  /** The property shown, or null when the dialog is closed. */
  propertyId: number | null;
  /** What the list already knows of it (shown while its details load). */
  initial: Property | undefined;
  tab: ManageTab;
  onTabChange: (tab: ManageTab) => void;
  onClose: () => void;
  canManage: boolean;
  /** Units, residents and amenities are hidden from those who may not read them (a Suplidor: the server answers 403). */
  readsDetails: boolean;
};

/** Manage (administrators) or view a property: tabs Details, Residents, Amenities, Units and Personal (staff). */
export function ManagePropertyDialog({ propertyId, initial, tab, onTabChange, onClose, canManage, readsDetails }: ManagePropertyDialogProps) {
  return (
    <Modal show={propertyId !== null} onHide={onClose} size="xl" fullscreen="md-down" aria-labelledby="manage-property-title">
      {propertyId !== null && (
        <ManageContent
          key={propertyId}
          propertyId={propertyId}
          initial={initial}
          tab={tab}
          onTabChange={onTabChange}
          onClose={onClose}
          canManage={canManage}
          readsDetails={readsDetails}
        />
      )}
    </Modal>
  );
}

function ManageContent({ propertyId, initial, tab, onTabChange, onClose, canManage, readsDetails }: Omit<ManagePropertyDialogProps, 'propertyId'> & { propertyId: number }) {
  const { t } = useTranslation('properties');
  const { BillingPlanTab } = usePropertySlots();
  const { features } = useBranding();
  const query = useQuery({ ...propertyQueryOptions(propertyId), placeholderData: initial });
  const property = query.data;
  const place = usePlace();
  // Personal (property staff) and Cuotas (the billing plan) are for administrators only.
  const tabs = MANAGE_TABS.filter(
    (name) =>
      name === 'details' ||
      (readsDetails && (name !== 'amenities' || features.amenities) && (name !== 'staff' || canManage) && (name !== 'fees' || (canManage && features.billing))),
  );
  const active = tabs.includes(tab) ? tab : 'details';

  let body;
  if (property) {
    body = (
      <Tabs
        id="manage-property-tabs"
        activeKey={active}
        onSelect={(key) => key && onTabChange(key as ManageTab)}
        mountOnEnter
        className="mb-3 flex-nowrap overflow-x-auto overflow-y-hidden text-nowrap"
      >
        {tabs.map((name) => (
          <Tab key={name} eventKey={name} title={t(`manage.tabs.${name}`)}>
            {name === 'details' && <DetailsTab property={property} canManage={canManage} onClose={onClose} />}
            {name === 'residents' && <ResidentsTab propertyId={property.id} propertyName={property.name} canManage={canManage} />}
            {name === 'amenities' && <AmenitiesTab propertyId={property.id} canManage={canManage} />}
            {name === 'units' && <UnitsTab propertyId={property.id} canManage={canManage} />}
            {name === 'fees' && <BillingPlanTab propertyId={property.id} />}
            {name === 'staff' && <StaffTab propertyId={property.id} organizationId={property.organizationId} />}
          </Tab>
        ))}
      </Tabs>
    );
  } else if (query.isPending) {
    body = <Loading />;
  } else if (isApiError(query.error, 404)) {
    body = <EmptyState icon={Building2} title={t('manage.goneTitle')} description={t('manage.goneDescription')} />;
  } else {
    body = <ErrorCard title={t('manage.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  }

  return (
    <>
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <div className="min-w-0">
          <Modal.Title id="manage-property-title" as="h2" className="h5 mb-0 text-break">
            {property ? (canManage ? t('manage.title', { name: property.name }) : property.name) : t('manage.loading')}
          </Modal.Title>
          {property && (
            <p className="small text-body-secondary mb-0 text-break">
              {[property.address, place(property)].filter(Boolean).join(' · ')}
            </p>
          )}
        </div>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
    </>
  );
}
