import { FileImage, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@client/components/list/DataList';
import { useFormatDate } from '@client/lib/format';
import type { DocumentItem } from '@shared/schemas/documents';
import { relativeAge } from '../lib/dates';
import { fileTypeLabel } from '../lib/files';
import { fullName } from '@shared/format';

function FileIcon({ fileType }: { fileType: string }) {
  const props = { size: 20, className: 'text-primary flex-shrink-0 mt-1', 'aria-hidden': true } as const;
  if (fileType.startsWith('image/')) return <FileImage {...props} />;
  if (fileType.includes('excel') || fileType.includes('spreadsheet')) return <FileSpreadsheet {...props} />;
  return <FileText {...props} />;
}

const ACCESS_BADGES: Record<DocumentItem['access'], string> = {
  public: 'success',
  residents: 'info',
  admin: 'danger',
  custom: 'warning',
};

const uploaderName = (document: DocumentItem) =>
  document.uploadedBy ? fullName(document.uploadedBy.name, document.uploadedBy.lastName) : null;

/** Dates of a row: the day of the upload, relative for the last change (exact date on hover). */
function useDocumentDates() {
  const { t } = useTranslation('documents');
  const formatDate = useFormatDate();
  // "Today" is the day the screen was opened (render stays pure).
  const [now] = useState(() => new Date());
  return {
    uploaded: (document: DocumentItem) => formatDate(document.uploadedAt, 'day'),
    modified: (document: DocumentItem) => relativeAge(document.lastModified, now, t),
    modifiedExact: (document: DocumentItem) => formatDate(document.lastModified, 'day'),
  };
}

function TitleCell({ document }: { document: DocumentItem }) {
  const { t } = useTranslation('documents');
  const by = uploaderName(document);
  return (
    <div className="d-flex align-items-start gap-2 min-w-0">
      <FileIcon fileType={document.fileType} />
      <div className="min-w-0">
        <div className="fw-semibold text-break" data-testid="document-title">
          {document.title}
        </div>
        <small className="text-body-secondary">
          {fileTypeLabel(document.fileType)} · {document.fileSize}
          {by && <> · {t('table.by', { name: by })}</>}
        </small>
      </div>
    </div>
  );
}

/** The documents table's columns: Title (the card's title on a phone), Category, Access, Uploaded, Last modified. */
export function useDocumentColumns(): DataColumn<DocumentItem>[] {
  const { t } = useTranslation('documents');
  const dates = useDocumentDates();
  return [
    { id: 'title', header: t('table.title'), card: 'title', style: { minWidth: '14rem' }, cell: (document) => <TitleCell document={document} /> },
    { id: 'category', header: t('table.category'), cell: (document) => t(`categories.${document.category}`) },
    {
      id: 'access',
      header: t('table.access'),
      cell: (document) => (
        <Badge bg={`${ACCESS_BADGES[document.access]}-subtle`} text="dark">
          {t(`access.${document.access}`)}
        </Badge>
      ),
    },
    {
      id: 'uploaded',
      header: t('table.uploaded'),
      className: 'text-nowrap',
      cell: (document) => <time dateTime={document.uploadedAt}>{dates.uploaded(document)}</time>,
    },
    {
      id: 'lastModified',
      header: t('table.lastModified'),
      className: 'text-nowrap',
      cell: (document) => (
        <time dateTime={document.lastModified} title={dates.modifiedExact(document)}>
          {dates.modified(document)}
        </time>
      ),
    },
  ];
}
