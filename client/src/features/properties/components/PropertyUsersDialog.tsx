import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Alert, Badge, Button, ListGroup, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { Loading } from '@client/components/Loading';
import { useMediaQuery } from '@client/hooks/use-media-query';
import { TemporaryPassword } from '@client/components/TemporaryPassword';
import { errorMessage } from '@client/lib/api';
import { usePropertyUsers, useResetPassword, type PropertyUser } from '../api/users';
import { fullName } from '@shared/format';

type PropertyUsersDialogProps = { show: boolean; propertyId: number; propertyName: string; onClose: () => void };


/**
 * View users: the users of the property (id, name, last name, username, email, role) and a
 * password reset per user: confirm, then the temporary password is shown once, then close.
 */
export function PropertyUsersDialog({ show, propertyId, propertyName, onClose }: PropertyUsersDialogProps) {
  const { t } = useTranslation('properties');
  const users = usePropertyUsers(propertyId, show);
  const wide = useMediaQuery('(min-width: 768px)');
  const resetting = useResetPassword();
  const [confirming, setConfirming] = useState<PropertyUser | null>(null);
  const [result, setResult] = useState<{ user: PropertyUser; tempPassword: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The password stays on screen while the dialog fades out; the next opening starts with the list.
  const forget = () => {
    setResult(null);
    setFailure(null);
  };
  const confirmReset = () => {
    if (!confirming) return;
    const user = confirming;
    setFailure(null);
    resetting.mutate(user.id, {
      onSuccess: ({ tempPassword }) => setResult({ user, tempPassword }),
      onError: (error) => setFailure(`${t('users.errorReset')} ${errorMessage(error)}`),
      onSettled: () => setConfirming(null),
    });
  };

  let body;
  if (result) {
    body = (
      <>
        <TemporaryPassword password={result.tempPassword} name={fullName(result.user)} />
        <p className="small text-body-secondary mt-3 mb-0">{t('users.resetNote')}</p>
      </>
    );
  } else if (users.isPending) {
    body = <Loading />;
  } else if (users.isError) {
    body = (
      <Alert variant="danger" className="mb-0" data-testid="users-error">
        <Alert.Heading as="h3" className="h6">
          {t('users.fetchError')}
        </Alert.Heading>
        <p className="mb-0">{t('users.errorUsers')}</p>
      </Alert>
    );
  } else if (!users.data.length) {
    body = <EmptyState title={t('users.emptyTitle')} description={t('users.emptyDescription')} />;
  } else {
    body = (
      <>
        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {wide ? (
          <Table hover className="align-middle mb-0" data-testid="property-users">
            <caption className="visually-hidden">{t('users.caption', { name: propertyName })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.id')}</th>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.lastName')}</th>
                <th scope="col">{t('users.username')}</th>
                <th scope="col">{t('users.email')}</th>
                <th scope="col">{t('users.role')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id} data-testid="property-user">
                  <td>{user.id}</td>
                  <td>{user.name}</td>
                  <td>{user.lastName ?? '—'}</td>
                  <td className="text-break">{user.username}</td>
                  <td className="text-break">{user.email ?? '—'}</td>
                  <td>
                    <RoleBadge user={user} />
                  </td>
                  <td className="text-end">
                    <ResetButton user={user} onReset={setConfirming} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <ListGroup as="ul" aria-label={t('users.caption', { name: propertyName })} data-testid="property-users">
            {users.data.map((user) => (
              <ListGroup.Item as="li" key={user.id} className="py-3" data-testid="property-user">
                <div className="d-flex align-items-start justify-content-between gap-2">
                  <div className="fw-semibold text-break">
                    {fullName(user)} <span className="text-body-secondary fw-normal small">#{user.id}</span>
                  </div>
                  <RoleBadge user={user} />
                </div>
                <dl className="row small g-0 my-2">
                  <dt className="col-4 fw-normal text-body-secondary">{t('users.username')}</dt>
                  <dd className="col-8 mb-1 text-break">{user.username}</dd>
                  <dt className="col-4 fw-normal text-body-secondary">{t('users.email')}</dt>
                  <dd className="col-8 mb-0 text-break">{user.email ?? '—'}</dd>
                </dl>
                <ResetButton user={user} onReset={setConfirming} />
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </>
    );
  }

  return (
    <>
      <Modal show={show} onHide={onClose} onExited={forget} size="xl" fullscreen="md-down" aria-labelledby="property-users-title">
        <Modal.Header closeButton closeLabel={t('common:actions.close')}>
          <Modal.Title id="property-users-title" as="h2" className="h5">
            {t('users.title', { name: propertyName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{body}</Modal.Body>
        <Modal.Footer>
          {result && (
            <Button variant="outline-secondary" onClick={() => setResult(null)}>
              {t('users.back')}
            </Button>
          )}
          <Button variant={result ? 'primary' : 'outline-secondary'} onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </Modal.Footer>
      </Modal>
      <ConfirmDialog
        show={confirming !== null}
        title={t('users.resetTitle')}
        confirmLabel={t('users.resetConfirm')}
        pending={resetting.isPending}
        onConfirm={confirmReset}
        onCancel={() => setConfirming(null)}
      >
        {confirming && <p className="mb-0">{t('users.resetBody', { name: fullName(confirming) })}</p>}
      </ConfirmDialog>
    </>
  );
}

/** The role as a default badge (spec). */
function RoleBadge({ user }: { user: PropertyUser }) {
  const { t } = useTranslation('properties');
  return <Badge bg="primary">{t(`common:roles.${user.role}`)}</Badge>;
}

function ResetButton({ user, onReset }: { user: PropertyUser; onReset: (user: PropertyUser) => void }) {
  const { t } = useTranslation('properties');
  return (
    <Button
      variant="outline-secondary"
      size="sm"
      className="text-nowrap d-inline-flex align-items-center gap-1"
      onClick={() => onReset(user)}
      aria-label={t('users.resetNamed', { name: fullName(user) })}
    >
      <KeyRound size={16} aria-hidden />
      {t('users.reset')}
    </Button>
  );
}
