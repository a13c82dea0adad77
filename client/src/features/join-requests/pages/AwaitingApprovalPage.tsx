import { zodResolver } from '@client/components/form/zod-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { Alert, Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { userQueryKey } from '@client/lib/auth';
import { useFormatDate } from '@client/lib/format';
import { useLiveEvents } from '@client/lib/live-events';
import { JoinRequestCreateSchema } from '@shared/schemas/joinRequests';
import { ownJoinRequestQueryKey, useOwnJoinRequest, useSendJoinRequest, type OwnJoinRequest } from '../api/own-join-request';

/**
 * What an account waiting for approval sees instead of the app (its settings and inbox stay
 * open): where its join request stands, and a new request once one was declined. The decision
 * arrives live: an approval reconnects the session with its new access and the app appears.
 */
export default function AwaitingApprovalPage() {
  const { t } = useTranslation('joinRequests');
  const queryClient = useQueryClient();
  const request = useOwnJoinRequest();
  useLiveEvents((event) => {
    if (!event.type.startsWith('join_request.')) return;
    void queryClient.invalidateQueries({ queryKey: ownJoinRequestQueryKey() });
    void queryClient.invalidateQueries({ queryKey: userQueryKey() });
  });

  return (
    <div className="vec-narrow" data-testid="awaiting-approval">
      <PageHeader title={t('awaiting.title')} />
      {request.isPending ? (
        <Loading />
      ) : request.isError ? (
        <ErrorCard title={t('awaiting.loadError')} error={request.error} onRetry={() => void request.refetch()} />
      ) : (
        <RequestStatus request={request.data} />
      )}
      <p className="mt-4 mb-0">
        {t('awaiting.meanwhile')} <Link to="/settings">{t('awaiting.profileLink')}</Link>
      </p>
    </div>
  );
}

function RequestStatus({ request }: { request: OwnJoinRequest | null }) {
  const { t } = useTranslation('joinRequests');
  const formatDate = useFormatDate();
  if (request?.status === 'pending') {
    const explanation = request.propertyName
      ? t('awaiting.pendingProperty', { property: request.propertyName })
      : request.propertyReference
        ? t('awaiting.pendingReference', { reference: request.propertyReference })
        : t('awaiting.pendingNone');
    return (
      <Card>
        <Card.Body className="d-flex gap-3">
          <Hourglass size={28} className="text-primary flex-shrink-0" aria-hidden />
          <div>
            <p className="mb-2">{explanation}</p>
            <p className="mb-2">{t('awaiting.live')}</p>
            <p className="small text-body-secondary mb-0">{t('awaiting.sentOn', { date: formatDate(request.createdAt, 'day') })}</p>
          </div>
        </Card.Body>
      </Card>
    );
  }
  const declined = request?.status === 'declined';
  return (
    <>
      <Alert variant={declined ? 'warning' : 'info'}>
        <h2 className="h6 alert-heading">{t(declined ? 'awaiting.declinedTitle' : 'awaiting.noneTitle')}</h2>
        <p className="mb-0">
          {declined ? t('awaiting.declined', { date: formatDate(request.decidedAt ?? request.createdAt, 'day') }) : t('awaiting.none')}
        </p>
      </Alert>
      <NewRequestForm />
    </>
  );
}

function NewRequestForm() {
  const { t } = useTranslation('joinRequests');
  const send = useSendJoinRequest();
  const { register, handleSubmit, setError, formState: { errors } } = useForm({
    resolver: zodResolver(JoinRequestCreateSchema),
    defaultValues: { propertyReference: '' },
  });
  const onSubmit = handleSubmit(({ propertyReference }) =>
    send.mutate(propertyReference, {
      onSuccess: () => toast({ title: t('awaiting.form.sentTitle'), description: t('awaiting.form.sent'), variant: 'success' }),
      onError: (error) => formFailed(error, setError, ['propertyReference'], t('awaiting.form.errorTitle')),
    }),
  );
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('awaiting.form.title')}</h2>
        <Form noValidate onSubmit={onSubmit} aria-label={t('awaiting.form.title')}>
          <TextField
            label={t('awaiting.form.reference')}
            hint={t('awaiting.form.referenceHint')}
            registration={register('propertyReference')}
            error={errors.propertyReference}
            autoComplete="off"
          />
          <SubmitButton pending={send.isPending} pendingLabel={t('awaiting.form.pending')}>
            {t('awaiting.form.submit')}
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
