import { HardHat, Plus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, Button, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { errorMessage } from '@client/lib/api';
import { STAFF_SERVICES, type StaffService } from '@shared/enums';
import { useAddStaff, useRemoveStaff, useStaff, useSupplierCandidates, type StaffMember } from '../api/staff';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';
import { fullName } from '@shared/format';

type StaffTabProps = { propertyId: number; organizationId: number };

/**
 * Personal: the suppliers who work at the property and their service (maintenance technicians
 * take its work orders; security staff its visitors desk). Add a Suplidor of the organization
 * by name, remove one (their open work orders go back to the administration).
 */
export function StaffTab({ propertyId, organizationId }: StaffTabProps) {
  const { t } = useTranslation('properties');
  const staff = useStaff(propertyId);
  const removing = useConfirmedDelete<StaffMember>(useRemoveStaff(propertyId), (member) =>
    toast({ title: t('staff.removed'), description: fullName(member.user.name, member.user.lastName), variant: 'success' }),
  );

  let content;
  if (staff.isPending) content = <Loading />;
  else if (staff.isError) content = <ErrorCard title={t('staff.loadError')} error={staff.error} onRetry={() => void staff.refetch()} />;
  else if (!staff.data.length) content = <EmptyState icon={HardHat} title={t('staff.emptyTitle')} description={t('staff.emptyDescription')} />;
  else {
    content = (
      <ListGroup as="ul" aria-label={t('staff.listLabel')}>
        {staff.data.map((member) => {
          const name = fullName(member.user.name, member.user.lastName);
          return (
            <ListGroup.Item as="li" key={member.id} className="d-flex flex-wrap align-items-center justify-content-between gap-2" data-testid="staff-member">
              <div className="min-w-0">
                <div className="fw-semibold text-break">{name}</div>
                <div className="small text-body-secondary text-break">{[member.user.email, member.user.phone].filter(Boolean).join(' · ')}</div>
              </div>
              <div className="d-flex align-items-center gap-2">
                {member.service === 'maintenance' && member.rating.count > 0 && (
                  <span className="small d-inline-flex align-items-center gap-1">
                    <Star size={14} fill="#b45309" color="#b45309" aria-hidden />
                    <span aria-hidden>{member.rating.average}</span>
                    <span className="visually-hidden">{t('staff.rating', { average: member.rating.average, count: member.rating.count })}</span>
                  </span>
                )}
                <Badge bg="secondary-subtle" text="dark" className="border">
                  {t(`staff.services.${member.service}`)}
                </Badge>
                <Button variant="outline-danger" size="sm" onClick={() => removing.ask(member)} aria-label={t('staff.removeNamed', { name, service: t(`staff.services.${member.service}`) })}>
                  <Trash2 size={14} aria-hidden />
                </Button>
              </div>
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    );
  }

  return (
    <section aria-labelledby="staff-heading">
      <h3 id="staff-heading" className="h6">
        {t('staff.title')}
      </h3>
      <p className="small text-body-secondary">{t('staff.description')}</p>
      <AddStaffForm propertyId={propertyId} organizationId={organizationId} />
      {content}
      <ConfirmDialog
        show={removing.target !== null}
        title={t('staff.removeTitle')}
        confirmLabel={t('staff.removeConfirm')}
        variant="danger"
        pending={removing.pending}
        refusal={removing.refusal}
        onConfirm={removing.confirm}
        onCancel={removing.cancel}
      >
        {removing.shown && (
          <p className="mb-0">
            {t('staff.removeBody', { name: fullName(removing.shown.user.name, removing.shown.user.lastName), service: t(`staff.services.${removing.shown.service}`) })}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function AddStaffForm({ propertyId, organizationId }: StaffTabProps) {
  const { t } = useTranslation('properties');
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const candidates = useSupplierCandidates(organizationId, q);
  const [userId, setUserId] = useState('');
  const [service, setService] = useState<StaffService>('maintenance');
  const add = useAddStaff(propertyId);
  return (
    <Form
      className="border rounded-3 p-3 mb-3"
      aria-label={t('staff.addLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!userId) return;
        add.mutate(
          { userId: Number(userId), service },
          {
            onSuccess: (member) => {
              setUserId('');
              toast({ title: t('staff.added'), description: fullName(member.user.name, member.user.lastName), variant: 'success' });
            },
            onError: (error) => toast({ title: t('notices.errorTitle'), description: errorMessage(error), variant: 'destructive' }),
          },
        );
      }}
    >
      <Row className="g-2 align-items-end">
        <Col xs={12} md={4}>
          <Form.Label htmlFor={`${id}-search`}>{t('staff.search')}</Form.Label>
          <Form.Control id={`${id}-search`} type="search" value={search} maxLength={100} placeholder={t('staff.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
        </Col>
        <Col xs={12} md={4}>
          <Form.Label htmlFor={`${id}-user`}>{t('staff.supplier')}</Form.Label>
          <Form.Select id={`${id}-user`} value={userId} onChange={(event) => setUserId(event.target.value)} aria-busy={candidates.isFetching}>
            <option value="">{candidates.data?.length === 0 ? t('staff.noSuppliers') : t('staff.chooseSupplier')}</option>
            {(candidates.data ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {fullName(user.name, user.lastName)}
                {user.email ? ` · ${user.email}` : ''}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={7} md={2}>
          <Form.Label htmlFor={`${id}-service`}>{t('staff.service')}</Form.Label>
          <Form.Select id={`${id}-service`} value={service} onChange={(event) => setService(event.target.value as StaffService)}>
            {STAFF_SERVICES.map((value) => (
              <option key={value} value={value}>
                {t(`staff.services.${value}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={5} md={2}>
          <SubmitButton pending={add.isPending} pendingLabel={t('common:status.saving')} disabled={!userId} className="w-100 d-inline-flex align-items-center justify-content-center gap-1">
            <Plus size={16} aria-hidden />
            {t('staff.add')}
          </SubmitButton>
        </Col>
      </Row>
    </Form>
  );
}
