import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Alert, Badge, Button, Modal, Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { useFormatDate } from '@client/lib/format';
import { EMAIL_STATUSES, type EmailStatus } from '@shared/enums';
import { MAIL_PAGE_SIZE, useMail, useMailDetail, useMailStatus, type MailSummary } from '../api/get-mail';
import { MAIL_FILTERS } from '../api/mail-filters';

const STATUS_BADGE: Record<EmailStatus, string> = { pending: 'warning', sent: 'success', failed: 'danger', held: 'secondary' };

function useMailColumns(): DataColumn<MailSummary>[] {
  const { t } = useTranslation('notifications');
  const formatDate = useFormatDate();
  return [
    { id: 'subject', header: t('mail.subject'), card: 'title', cell: (email) => <span className="text-break">{email.subject}</span> },
    { id: 'to', header: t('mail.to'), cell: (email) => <span className="text-break">{email.toAddress}</span> },
    { id: 'kind', header: t('mail.kind'), className: 'text-nowrap', cell: (email) => t(`mail.kinds.${email.kind}`) },
    {
      id: 'status',
      header: t('mail.status'),
      cell: (email) => (
        <Badge bg={STATUS_BADGE[email.status]} text={email.status === 'pending' ? 'dark' : undefined}>
          {t(`mail.statuses.${email.status}`)}
        </Badge>
      ),
    },
    { id: 'created', header: t('mail.created'), className: 'text-nowrap small', cell: (email) => formatDate(email.createdAt) },
  ];
}

/**
 * /admin/mail (operators): every email written, newest first, searched by recipient or
 * subject and filtered by status (kept in the address); an email opens whole (HTML in a
 * sandboxed frame, and the plain text). Without SMTP_URL this is where emails are read.
 */
export default function MailPage() {
  const { t } = useTranslation('notifications');
  const list = useListFilters(MAIL_FILTERS);
  const status = useMailStatus();
  const emails = useMail({ ...list.filters, page: list.page });
  useKeepPageInRange(list, emails, MAIL_PAGE_SIZE);
  const columns = useMailColumns();
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <>
      <PageHeader title={t('mail.title')} description={t('mail.description')} />
      {status.data && (
        <Alert variant={status.data.delivery === 'outbox' ? 'info' : 'light'} className="border" data-testid="mail-delivery">
          {status.data.delivery === 'outbox' ? t('mail.outboxNotice') : t('mail.smtpNotice', { from: status.data.from })}
        </Alert>
      )}
      <ListToolbar
        label={t('mail.search')}
        search={{ value: list.filters.q, onChange: (q) => list.update({ q }), label: t('mail.search'), placeholder: t('mail.search') }}
        inlineFilters
        filters={
          <FilterSelect
            label={t('mail.status')}
            value={list.filters.status}
            emptyLabel={t('mail.allStatuses')}
            options={EMAIL_STATUSES.map((value) => ({ value, label: t(`mail.statuses.${value}`) }))}
            onChange={(value) => list.update({ status: value })}
          />
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
      />
      <DataList
        columns={columns}
        query={emails}
        rowKey={(email) => email.id}
        caption={t('mail.title')}
        actions={(email) => (
          <Button size="sm" variant="outline-primary" onClick={() => setOpenId(email.id)} aria-label={`${t('mail.view')}: ${email.subject}`}>
            {t('mail.view')}
          </Button>
        )}
        cardActions="bottom"
        errorTitle={t('mail.loadError')}
        empty={{ icon: Inbox, title: t('mail.emptyTitle'), description: t('mail.empty') }}
        filtered={list.filtered && { title: t('mail.noMatchTitle'), description: t('mail.noMatch'), onClear: list.clear }}
        pagination={{
          page: list.page,
          pageSize: MAIL_PAGE_SIZE,
          onChange: list.setPage,
          label: t('mail.pager'),
        }}
        testId="mail"
        rowTestId="mail-row"
      />
      <MailDialog id={openId} onHide={() => setOpenId(null)} />
    </>
  );
}

function MailDialog({ id, onHide }: { id: number | null; onHide: () => void }) {
  const { t } = useTranslation('notifications');
  const formatDate = useFormatDate();
  const email = useMailDetail(id);
  return (
    <Modal show={id !== null} onHide={onHide} size="lg" aria-labelledby="mail-dialog-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="mail-dialog-title" as="h2" className="h5 text-break">
          {email.data?.subject ?? t('mail.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {email.isPending ? (
          <Loading />
        ) : email.isError ? (
          <ErrorCard error={email.error} onRetry={() => void email.refetch()} />
        ) : (
          <>
            <dl className="row small mb-3">
              <dt className="col-sm-3">{t('mail.from')}</dt>
              <dd className="col-sm-9 text-break">{email.data.fromAddress}</dd>
              <dt className="col-sm-3">{t('mail.to')}</dt>
              <dd className="col-sm-9 text-break">{email.data.toAddress}</dd>
              {email.data.replyTo && (
                <>
                  <dt className="col-sm-3">{t('mail.replyTo')}</dt>
                  <dd className="col-sm-9 text-break">{email.data.replyTo}</dd>
                </>
              )}
              <dt className="col-sm-3">{t('mail.status')}</dt>
              <dd className="col-sm-9">
                {t(`mail.statuses.${email.data.status}`)} · {formatDate(email.data.sentAt ?? email.data.createdAt)} · {t('mail.attempts')}: {email.data.attempts}
              </dd>
              {email.data.lastError && (
                <>
                  <dt className="col-sm-3">{t('mail.lastError')}</dt>
                  <dd className="col-sm-9 text-break text-danger">{email.data.lastError}</dd>
                </>
              )}
            </dl>
            <Tab.Container defaultActiveKey="html">
              <Nav variant="tabs" className="mb-2">
                <Nav.Item>
                  <Nav.Link eventKey="html">{t('mail.html')}</Nav.Link>
                </Nav.Item>
                <Nav.Item>
                  <Nav.Link eventKey="text">{t('mail.text')}</Nav.Link>
                </Nav.Item>
              </Nav>
              <Tab.Content>
                <Tab.Pane eventKey="html">
                  {/* No scripts, no same origin: the email is only shown. */}
                  <iframe title={t('mail.html')} sandbox="" srcDoc={email.data.htmlBody} className="w-100 border rounded" style={{ height: '28rem' }} />
                </Tab.Pane>
                <Tab.Pane eventKey="text">
                  <pre className="border rounded p-3 small mb-0" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-text">
                    {email.data.textBody}
                  </pre>
                </Tab.Pane>
              </Tab.Content>
            </Tab.Container>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
