import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { useKeepPageInRange } from '@client/hooks/use-list-filters';
import { useFormatDate } from '@client/lib/format';
import { useLiveEvents } from '@client/lib/live-events';
import { JOIN_REQUESTS_PAGE_SIZE, applicantName, joinRequestsQueryKey, usePendingJoinRequests, type JoinRequest } from '../api/join-requests';
import { ApproveJoinRequestDialog } from './ApproveJoinRequestDialog';
import { DeclineJoinRequestDialog } from './DeclineJoinRequestDialog';

function useColumns(): DataColumn<JoinRequest>[] {
  const { t } = useTranslation('joinRequests');
  const formatDate = useFormatDate();
  return [
    {
      id: 'person',
      header: t('queue.person'),
      card: 'title',
      cell: (request) => (
        <div className="d-flex align-items-center gap-2 min-w-0">
          <Avatar name={request.user.name} lastName={request.user.lastName} size={36} />
          <div className="min-w-0">
            <div className="fw-semibold text-break" data-testid="join-request-name">
              {applicantName(request)}
            </div>
            <div className="small text-body-secondary text-break">
              {[request.user.email, request.user.phone].filter(Boolean).join(' · ')}
            </div>
          </div>
        </div>
      ),
    },
    {
      id: 'property',
      header: t('queue.property'),
      cell: (request) => (
        <>
          <div>{request.propertyName ?? t('queue.noProperty')}</div>
          {request.propertyReference && request.propertyReference !== request.propertyName && (
            <div className="small text-body-secondary text-break">{t('queue.reference', { reference: request.propertyReference })}</div>
          )}
        </>
      ),
    },
    { id: 'requested', header: t('queue.requested'), className: 'text-nowrap', cell: (request) => formatDate(request.createdAt, 'day') },
  ];
}

/**
 * The administrators' queue of access requests, above the residents directory: approve
 * (choosing the property and unit) or decline; it follows every decision live, whoever makes
 * it. Hidden while nothing waits.
 */
export default function JoinRequestsPanel() {
  const { t } = useTranslation('joinRequests');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const requests = usePendingJoinRequests(page, true);
  useKeepPageInRange({ page, setPage }, requests, JOIN_REQUESTS_PAGE_SIZE);
  const columns = useColumns();
  const [approving, setApproving] = useState<JoinRequest | null>(null);
  const [declining, setDeclining] = useState<JoinRequest | null>(null);
  useLiveEvents((event) => {
    if (event.type.startsWith('join_request.')) void queryClient.invalidateQueries({ queryKey: joinRequestsQueryKey() });
  });

  const total = requests.data?.total ?? 0;
  if (requests.isPending || (requests.isSuccess && total === 0)) return null;
  return (
    <section aria-labelledby="join-requests-title" className="mb-4" data-testid="join-requests">
      <h2 id="join-requests-title" className="h5 d-flex align-items-center gap-2 mb-1">
        {t('queue.title')}
        {total > 0 && <Badge bg="warning" text="dark">{total}</Badge>}
      </h2>
      <p className="text-body-secondary small">{t('queue.description')}</p>
      <DataList
        columns={columns}
        query={requests}
        rowKey={(request) => request.id}
        caption={t('queue.caption')}
        cardActions="bottom"
        actions={(request) => (
          <div className="d-inline-flex flex-wrap gap-2">
            <Button size="sm" onClick={() => setApproving(request)} aria-label={t('queue.approveLabel', { name: applicantName(request) })}>
              <Check size={16} aria-hidden className="me-1" />
              {t('queue.approve')}
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => setDeclining(request)}
              aria-label={t('queue.declineLabel', { name: applicantName(request) })}
            >
              <X size={16} aria-hidden className="me-1" />
              {t('queue.decline')}
            </Button>
          </div>
        )}
        errorTitle={t('queue.errorTitle')}
        empty={{ title: t('queue.empty') }}
        pagination={{
          page,
          pageSize: JOIN_REQUESTS_PAGE_SIZE,
          onChange: setPage,
          label: t('queue.pager.label'),
        }}
        testId="join-requests"
        rowTestId="join-request-row"
      />
      <ApproveJoinRequestDialog request={approving} onClose={() => setApproving(null)} />
      <DeclineJoinRequestDialog request={declining} onClose={() => setDeclining(null)} />
    </section>
  );
}
