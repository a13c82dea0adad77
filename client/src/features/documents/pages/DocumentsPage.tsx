import { useQueryClient } from '@tanstack/react-query';
import { FileText, Upload } from 'lucide-react';
import { useState } from 'react';
import { Breadcrumb, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { DataList } from '@client/components/list/DataList';
import { FilterSelect, ListToolbar } from '@client/components/list/ListToolbar';
import { PageHeader } from '@client/components/PageHeader';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { useKeepPageInRange, useListFilters } from '@client/hooks/use-list-filters';
import { errorMessage } from '@client/lib/api';
import { useLiveEvents } from '@client/lib/live-events';
import { DOCUMENT_CATEGORIES, DOCUMENT_SHOW } from '@shared/enums';
import { can } from '@shared/permissions';
import type { DocumentItem } from '@shared/schemas/documents';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadDocument } from '../api/download-document';
import { DOCUMENT_FILTERS, DOCUMENTS_PAGE_SIZE, documentsQueryKey, useDocuments } from '../api/get-documents';
import { CategoryTiles } from '../components/CategoryTiles';
import { DocumentActions } from '../components/DocumentActions';
import { useDocumentColumns } from '../components/DocumentColumns';
import { DocumentViewerDialog } from '../components/DocumentViewerDialog';
import { UploadDocumentDialog } from '../components/UploadDocumentDialog';

/**
 * /documents: breadcrumb, category tiles with counts, search and filters (kept in the URL), the
 * paged table (five per page, from the server), Upload Document (also opened by
 * `?action=upload`, the dashboard's quick action), viewer, download and delete. Live: another
 * user's upload or deletion refreshes the list and the counts.
 */
export default function DocumentsPage() {
  const { t } = useTranslation('documents');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const list = useListFilters(DOCUMENT_FILTERS);
  const { filters } = list;
  const documents = useDocuments({ ...filters, page: list.page });
  useKeepPageInRange(list, documents, DOCUMENTS_PAGE_SIZE);
  const columns = useDocumentColumns();
  const download = useDownloadDocument();
  const remove = useDeleteDocument();
  const [viewing, setViewing] = useState<DocumentItem | null>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const mayUpload = can(user, 'documents.upload');
  const [params, setParams] = useSearchParams();
  const uploading = mayUpload && params.get('action') === 'upload';
  const setUploading = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('action', 'upload');
        else next.delete('action');
        return next;
      },
      { replace: true },
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

  const uploadButton = mayUpload && (
    <Button variant="primary" onClick={() => setUploading(true)} className="d-inline-flex align-items-center">
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

      <CategoryTiles active={filters.category} onSelect={(category) => list.update({ category })} />
      <ListToolbar
        label={t('toolbar.label')}
        search={{ value: filters.q, onChange: (q) => list.update({ q }), label: t('toolbar.search'), placeholder: t('toolbar.searchPlaceholder') }}
        inlineFilters
        filters={
          <>
            <FilterSelect
              label={t('toolbar.category')}
              emptyLabel={t('categories.all')}
              value={filters.category}
              options={DOCUMENT_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
              onChange={(category) => list.update({ category })}
            />
            <FilterSelect
              label={t('toolbar.show')}
              value={filters.show}
              options={DOCUMENT_SHOW.map((show) => ({ value: show, label: t(`show.${show}`) }))}
              onChange={(show) => list.update({ show })}
            />
          </>
        }
        activeFilters={list.activeFilters}
        onClear={list.clear}
      />
      <DataList
        columns={columns}
        query={documents}
        rowKey={(document) => document.id}
        caption={t('table.caption')}
        actions={(document, card) => (
          <DocumentActions
            document={document}
            labels={card}
            onView={setViewing}
            onDownload={startDownload}
            onDelete={setDeleting}
            downloadingId={download.isPending ? (download.variables?.id ?? null) : null}
          />
        )}
        cardActions="bottom"
        errorTitle={t('errors.list')}
        empty={{ icon: FileText, title: t('empty.title'), description: t('empty.description'), action: uploadButton }}
        filtered={list.filtered && { title: t('empty.filteredTitle'), description: t('empty.filteredDescription'), onClear: list.clear }}
        pagination={{
          page: list.page,
          pageSize: DOCUMENTS_PAGE_SIZE,
          onChange: list.setPage,
          label: t('pager.label'),
        }}
        testId="documents"
        rowTestId="document-row"
      />

      {mayUpload && <UploadDocumentDialog show={uploading} onClose={() => setUploading(false)} defaultCategory={filters.category} />}
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
