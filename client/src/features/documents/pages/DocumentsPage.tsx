import { useQueryClient } from '@tanstack/react-query';
import { FileText, SearchX, Upload } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Breadcrumb, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/features/auth/api/get-user';
import { errorMessage } from '@client/lib/api';
import { useLiveEvents } from '@client/lib/live-events';
import { can } from '@shared/permissions';
import { DOCUMENT_SHOW, type DocumentItem } from '@shared/schemas/documents';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadDocument } from '../api/download-document';
import { DOCUMENTS_PAGE_SIZE, documentsQueryKey, useDocuments, type DocumentFilters, type DocumentShow } from '../api/get-documents';
import { CategoryTiles } from '../components/CategoryTiles';
import { DocumentsList } from '../components/DocumentsList';
import { DocumentsToolbar } from '../components/DocumentsToolbar';
import { DocumentViewerDialog } from '../components/DocumentViewerDialog';
import { UploadDocumentDialog } from '../components/UploadDocumentDialog';
import { isDocumentCategory } from '../lib/categories';

/** The filters live in the URL (`?q=&category=&show=&page=`): links, reloads and Back keep them. */
function filtersFrom(params: URLSearchParams): DocumentFilters {
  const category = params.get('category');
  const show = params.get('show') as DocumentShow;
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    category: isDocumentCategory(category) ? category : null,
    show: DOCUMENT_SHOW.includes(show) ? show : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * /documents: breadcrumb, category tiles with counts, search and filters, the paged table
 * (five per page, from the server), Upload Document (also opened by `?action=upload`, the
 * dashboard's quick action), viewer, download and delete. Live: another user's upload or
 * deletion refreshes the list and the counts.
 */
export default function DocumentsPage() {
  const { t } = useTranslation('documents');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const documents = useDocuments(filters);
  const download = useDownloadDocument();
  const remove = useDeleteDocument();
  const [viewing, setViewing] = useState<DocumentItem | null>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const mayUpload = can(user, 'documents.upload');
  const uploading = mayUpload && params.get('action') === 'upload';

  const updateParams = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (key === 'page' && value === 1) || (key === 'show' && value === 'all')) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Any filter change starts again at the first page.
  const changeFilters = useCallback(
    (changes: Partial<Pick<DocumentFilters, 'q' | 'category' | 'show'>>) => updateParams({ ...changes, page: null }),
    [updateParams],
  );

  useLiveEvents((event) => {
    if (event.type === 'document.uploaded' || event.type === 'document.deleted') {
      void queryClient.invalidateQueries({ queryKey: documentsQueryKey() });
      if (event.type === 'document.deleted' && event.subjectId === viewing?.id) setViewing(null);
    }
  });

  const startDownload = (document: DocumentItem) =>
    download.mutate(document, {
      onSuccess: () => toast({ title: t('notices.downloadStarted'), variant: 'success' }),
      onError: () => toast({ title: t('notices.downloadFailedTitle'), description: t('notices.downloadFailed'), variant: 'destructive' }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => toast({ title: t('notices.deleted'), variant: 'success' }),
      onError: (error) =>
        toast({ title: t('notices.errorTitle'), description: t('notices.deleteFailed', { message: errorMessage(error) }), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  };

  const page = documents.data;
  // A page emptied by a deletion (here or elsewhere): go back to the last page that has rows.
  const lastPage = page ? Math.max(1, Math.ceil(page.total / DOCUMENTS_PAGE_SIZE)) : 1;
  const pastTheEnd = Boolean(page && !documents.isPlaceholderData && !page.items.length && filters.page > lastPage);
  useEffect(() => {
    if (pastTheEnd) updateParams({ page: lastPage });
  }, [pastTheEnd, lastPage, updateParams]);

  const filtered = Boolean(filters.q || filters.category || filters.show !== 'all');
  const uploadButton = mayUpload && (
    <Button variant="primary" onClick={() => updateParams({ action: 'upload' })} className="d-inline-flex align-items-center">
      <Upload size={18} className="me-2" aria-hidden />
      {t('actions.upload')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={uploadButton}>
        <Breadcrumb label={t('breadcrumb.label')} className="small" listProps={{ className: 'mb-2' }}>
          <Breadcrumb.Item linkAs={Link} linkProps={{ to: '/' }}>
            {t('breadcrumb.home')}
          </Breadcrumb.Item>
          <Breadcrumb.Item active aria-current="page">
            {t('title')}
          </Breadcrumb.Item>
        </Breadcrumb>
      </PageHeader>

      <CategoryTiles active={filters.category} onSelect={(category) => changeFilters({ category })} />
      <DocumentsToolbar filters={filters} onChange={changeFilters} />

      {documents.isPending ? (
        <Loading />
      ) : documents.error ? (
        <ErrorCard title={t('errors.list')} error={documents.error} onRetry={() => void documents.refetch()} />
      ) : !page?.items.length ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title={t('empty.filteredTitle')}
            description={t('empty.filteredDescription')}
            action={
              <Button variant="outline-primary" onClick={() => changeFilters({ q: '', category: null, show: 'all' })}>
                {t('toolbar.clear')}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={FileText} title={t('empty.title')} description={t('empty.description')} action={uploadButton} />
        )
      ) : (
        <>
          <DocumentsList
            documents={page.items}
            updating={documents.isPlaceholderData}
            onView={setViewing}
            onDownload={startDownload}
            onDelete={setDeleting}
            downloadingId={download.isPending ? (download.variables?.id ?? null) : null}
          />
          <Pager
            page={filters.page}
            pageSize={DOCUMENTS_PAGE_SIZE}
            total={page.total}
            onChange={(next) => updateParams({ page: next })}
            label={t('pager.label')}
            summary={(range) => t('pager.summary', range)}
            previousLabel={t('pager.previous')}
            nextLabel={t('pager.next')}
          />
        </>
      )}

      {mayUpload && <UploadDocumentDialog show={uploading} onClose={() => updateParams({ action: null })} defaultCategory={filters.category} />}
      <DocumentViewerDialog
        document={viewing}
        onClose={() => setViewing(null)}
        onDownload={startDownload}
        downloading={download.isPending && download.variables?.id === viewing?.id}
      />
      <ConfirmDialog
        show={Boolean(deleting)}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        variant="danger"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting && <p className="mb-0">{t('delete.body', { title: deleting.title })}</p>}
      </ConfirmDialog>
    </>
  );
}
