import { useQueryClient } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { currentLanguage } from '@client/lib/i18n';
import { useLiveEvents } from '@client/lib/live-events';
import { can } from '@shared/permissions';
import { deleteErrorText, useDeleteOrganization } from '../api/delete-organization';
import { organizationsQueryKey, useAllOrganizations, useOrganizationsPage, type Organization } from '../api/get-organizations';
import { OrganizationFormDialog } from '../components/OrganizationFormDialog';
import { OrganizationsTable } from '../components/OrganizationsTable';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

/**
 * /admin/organizations: the organizations the user reaches (a super-admin all, a master
 * organization's administrator theirs and its descendants, any other administrator only their
 * own, read-only), searchable and paged, with create, edit and delete.
 */
export default function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const list = useOrganizationsPage({ q: q || undefined, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const all = useAllOrganizations();
  const remove = useDeleteOrganization();
  const [dialog, setDialog] = useState<{ show: boolean; organization: Organization | null } | null>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);

  // Organizations changed elsewhere (another administrator, the system settings) show at once.
  useLiveEvents((event) => {
    if (event.type.startsWith('organization.') || event.type === 'settings.updated') {
      void queryClient.invalidateQueries({ queryKey: organizationsQueryKey() });
    }
  });

  const total = list.data?.total ?? 0;

  const organizations = useMemo(() => all.data ?? [], [all.data]);
  const names = useMemo(() => new Map(organizations.map((organization) => [organization.id, organization.name])), [organizations]);
  const own = organizations.find((organization) => organization.id === user.organizationId);
  // The server decides (policies/organizations.ts); this only hides what it would refuse.
  const manages = user.isSuperAdmin || (can(user, 'organizations.manage') && own?.type === 'master');

  // The parent choices are read again whenever a dialog opens (spec section 7).
  const openDialog = (organization: Organization | null) => {
    void all.refetch();
    setDialog({ show: true, organization });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t('organizationDeleted'), description: t('organizationDeletedDescription', { name: deleting.name }), variant: 'success' });
        // The last row of a page: show the page before.
        if (page > 0 && list.data?.items.length === 1) setPage(page - 1);
      },
      onError: (error) => toast({ title: t('errorDeletingOrganization'), description: deleteErrorText(error, currentLanguage()), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  };

  const header = (
    <PageHeader
      title={t('title')}
      description={t('description')}
      actions={
        manages && (
          <Button onClick={() => openDialog(null)}>
            <Plus size={18} aria-hidden className="me-1" />
            {t('add')}
          </Button>
        )
      }
    />
  );

  const error = list.error ?? all.error;
  if (error) {
    return (
      <>
        {header}
        <ErrorCard
          title={t('loadError.title')}
          message={t('loadError.message')}
          onRetry={() => void Promise.all([list.refetch(), all.refetch()])}
        />
      </>
    );
  }
  if (list.isPending || all.isPending) {
    return (
      <>
        {header}
        <Loading label={t('loading')} />
      </>
    );
  }

  const rows = list.data?.items ?? [];
  const caption = rows.length > 0 ? t('table.caption') : q ? t('table.noMatches', { q }) : t('table.emptyCaption');

  return (
    <>
      {header}
      {!manages && (
        <Alert variant="info" className="py-2">
          {t('readOnly')}
        </Alert>
      )}
      <Card>
        <Card.Body>
          <Form role="search" className="mb-3 vec-measure" onSubmit={(event) => event.preventDefault()}>
            <Form.Label htmlFor="organizations-search" visuallyHidden>
              {t('search.label')}
            </Form.Label>
            <InputGroup>
              <InputGroup.Text>
                <Search size={16} aria-hidden />
              </InputGroup.Text>
              <Form.Control id="organizations-search" type="search" value={search} onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }} placeholder={t('search.placeholder')} />
            </InputGroup>
          </Form>
          <OrganizationsTable
            organizations={rows}
            names={names}
            ownOrganizationId={user.organizationId}
            caption={caption}
            onEdit={manages ? openDialog : undefined}
            onDelete={manages ? setDeleting : undefined}
          />
          {(total > PAGE_SIZE || page > 0) && (
            <Pager
              page={page + 1}
              pageSize={PAGE_SIZE}
              total={total}
              onChange={(next) => setPage(next - 1)}
              label={t('pager.label')}
            />
          )}
        </Card.Body>
      </Card>

      {dialog && (
        <OrganizationFormDialog
          show={dialog.show}
          organization={dialog.organization}
          organizations={organizations}
          onHide={() => setDialog({ ...dialog, show: false })}
          onExited={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        show={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        variant="danger"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p className="mb-2">{t('delete.message', { name: deleting?.name ?? '' })}</p>
        <p className="mb-0 text-body-secondary small">{t('delete.rule')}</p>
      </ConfirmDialog>
    </>
  );
}
