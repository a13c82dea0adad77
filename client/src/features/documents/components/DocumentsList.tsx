import { FileImage, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { Badge, Card, ListGroup, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useDateLocale } from '@client/lib/format';
import { useMediaQuery } from '@client/hooks/use-media-query';
import type { DocumentItem } from '@shared/schemas/documents';
import { formatDocumentDate, relativeAge } from '../lib/dates';
import { fileTypeLabel } from '../lib/files';
import { DocumentActions, type DocumentActionHandlers } from './DocumentActions';

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
  document.uploadedBy ? [document.uploadedBy.name, document.uploadedBy.lastName].filter(Boolean).join(' ') : null;

/** Dates of a row: "MMM dd, yyyy" for the upload, relative for the last change (exact date on hover). */
function useDocumentDates() {
  const { t } = useTranslation('documents');
  const locale = useDateLocale();
  // "Today" is the day the screen was opened (render stays pure).
  const [now] = useState(() => new Date());
  return {
    uploaded: (document: DocumentItem) => formatDocumentDate(document.uploadedAt, locale),
    modified: (document: DocumentItem) => relativeAge(document.lastModified, now, t),
    modifiedExact: (document: DocumentItem) => formatDocumentDate(document.lastModified, locale),
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

type DocumentsListProps = DocumentActionHandlers & { documents: DocumentItem[]; updating: boolean };

/** The page of documents: a table from 768 px, cards on a phone. */
export function DocumentsList({ documents, updating, ...actions }: DocumentsListProps) {
  const { t } = useTranslation('documents');
  const wide = useMediaQuery('(min-width: 768px)');
  const dates = useDocumentDates();

  if (!wide) {
    return (
      <ListGroup as="ul" className="shadow-sm" aria-label={t('table.caption')} aria-busy={updating} data-testid="documents-list">
        {documents.map((document) => (
          <ListGroup.Item as="li" key={document.id} className="py-3" data-testid="document-row">
            <TitleCell document={document} />
            <div className="d-flex flex-wrap gap-2 my-2 small">
              <Badge bg="secondary-subtle" text="dark">{t(`categories.${document.category}`)}</Badge>
              <Badge bg={`${ACCESS_BADGES[document.access]}-subtle`} text="dark">{t(`access.${document.access}`)}</Badge>
            </div>
            <dl className="row small mb-2 g-0">
              <dt className="col-6 fw-normal text-body-secondary">{t('table.uploaded')}</dt>
              <dd className="col-6 mb-0 text-end">
                <time dateTime={document.uploadedAt}>{dates.uploaded(document)}</time>
              </dd>
              <dt className="col-6 fw-normal text-body-secondary">{t('table.lastModified')}</dt>
              <dd className="col-6 mb-0 text-end">
                <time dateTime={document.lastModified} title={dates.modifiedExact(document)}>{dates.modified(document)}</time>
              </dd>
            </dl>
            <DocumentActions document={document} labels {...actions} />
          </ListGroup.Item>
        ))}
      </ListGroup>
    );
  }

  return (
    <Card className="shadow-sm">
      <Table hover responsive className="mb-0 align-middle" aria-busy={updating} data-testid="documents-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.title')}</th>
            <th scope="col">{t('table.category')}</th>
            <th scope="col">{t('table.access')}</th>
            <th scope="col" className="text-nowrap">{t('table.uploaded')}</th>
            <th scope="col" className="text-nowrap">{t('table.lastModified')}</th>
            <th scope="col" className="text-end">{t('table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id} data-testid="document-row">
              <td style={{ minWidth: '14rem' }}>
                <TitleCell document={document} />
              </td>
              <td>{t(`categories.${document.category}`)}</td>
              <td>
                <Badge bg={`${ACCESS_BADGES[document.access]}-subtle`} text="dark">{t(`access.${document.access}`)}</Badge>
              </td>
              <td className="text-nowrap">
                <time dateTime={document.uploadedAt}>{dates.uploaded(document)}</time>
              </td>
              <td className="text-nowrap">
                <time dateTime={document.lastModified} title={dates.modifiedExact(document)}>{dates.modified(document)}</time>
              </td>
              <td>
                <DocumentActions document={document} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
