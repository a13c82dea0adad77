import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import { DetailFields } from '@client/components/detail/DetailFields';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useLastShown } from '@client/hooks/use-last-shown';
import { useFormatDate } from '@client/lib/format';
import { useResident } from '../api/get-resident';
import type { Resident } from '@client/lib/types/resident';
import { ResidentStatusBadge } from './ResidentStatusBadge';
import { fullName } from '@shared/format';

/** View Profile: the resident as GET /api/residents/:id answers (the row is shown while it loads). */
export function ResidentProfileDialog({ resident, onClose }: { resident: Resident | null; onClose: () => void }) {
  const { t } = useTranslation('residents');
  const shown = useLastShown(resident);
  return (
    <Modal show={resident !== null} onHide={onClose} fullscreen="sm-down" aria-labelledby="resident-profile-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="resident-profile-title" as="h2" className="h5">
          {t('profile.title')}
        </Modal.Title>
      </Modal.Header>
      {shown && <Profile key={shown.id} initial={shown} />}
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function Profile({ initial }: { initial: Resident }) {
  const { t } = useTranslation('residents');
  const formatDate = useFormatDate();
  const query = useResident(initial.id);
  if (query.isError) {
    return (
      <Modal.Body>
        <ErrorCard title={t('profile.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      </Modal.Body>
    );
  }
  if (!query.data) {
    return (
      <Modal.Body>
        <Loading />
      </Modal.Body>
    );
  }
  const resident = query.data;
  const name = fullName(resident.name, resident.lastName);
  const day = (value: string | null) => value && formatDate(value, 'day');
  return (
    <Modal.Body data-testid="resident-profile">
      <div className="d-flex align-items-center gap-3 mb-4">
        <Avatar name={resident.name} lastName={resident.lastName} src={resident.avatarUrl} size={64} />
        <div className="min-w-0">
          <h3 className="h5 mb-1 text-break">{name}</h3>
          <ResidentStatusBadge status={resident.status} />
        </div>
      </div>
      <DetailFields
        fields={[
          { label: t('profile.email'), value: resident.email },
          { label: t('profile.username'), value: resident.username },
          { label: t('profile.phone'), value: resident.phone },
          { label: t('profile.property'), value: resident.propertyName },
          { label: t('profile.unit'), value: resident.unitNumber },
          { label: t('profile.joinDate'), value: day(resident.joinDate) },
          { label: t('profile.endDate'), value: day(resident.endDate) },
        ]}
      />
    </Modal.Body>
  );
}
