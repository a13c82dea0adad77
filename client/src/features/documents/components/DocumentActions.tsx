import { Download, Eye, Trash2 } from 'lucide-react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DocumentItem } from '@shared/schemas/documents';

export type DocumentActionHandlers = {
  onView: (document: DocumentItem) => void;
  onDownload: (document: DocumentItem) => void;
  onDelete: (document: DocumentItem) => void;
  /** The document whose download is running (its button shows a spinner). */
  downloadingId: number | null;
};

/** View, Download and Delete of one document; Delete only for its uploader and administrators. */
export function DocumentActions({ document, onView, onDownload, onDelete, downloadingId, labels = false }: DocumentActionHandlers & { document: DocumentItem; labels?: boolean }) {
  const { t } = useTranslation('documents');
  const downloading = downloadingId === document.id;
  const named = { title: document.title };
  return (
    <div className={`d-flex gap-1 justify-content-end ${labels ? 'flex-wrap' : 'flex-nowrap'}`}>
      <Button variant="outline-secondary" size="sm" onClick={() => onView(document)} aria-label={t('actions.viewNamed', named)} title={t('actions.view')}>
        <Eye size={16} aria-hidden />
        {labels && <span className="ms-1">{t('actions.view')}</span>}
      </Button>
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => onDownload(document)}
        disabled={downloading}
        aria-busy={downloading}
        aria-label={t('actions.downloadNamed', named)}
        title={t('actions.download')}
      >
        {downloading ? <Spinner size="sm" aria-hidden /> : <Download size={16} aria-hidden />}
        {labels && <span className="ms-1">{t('actions.download')}</span>}
      </Button>
      {/* A disabled button cannot show a tooltip itself: its wrapper does. */}
      <span title={document.canDelete ? t('actions.delete') : t('actions.deleteNotAllowed')} className="d-inline-block">
        <Button
          variant="outline-danger"
          size="sm"
          onClick={() => onDelete(document)}
          disabled={!document.canDelete}
          aria-label={t('actions.deleteNamed', named)}
          aria-describedby={document.canDelete ? undefined : `delete-not-allowed-${document.id}`}
        >
          <Trash2 size={16} aria-hidden />
          {labels && <span className="ms-1">{t('actions.delete')}</span>}
        </Button>
        {!document.canDelete && (
          <span id={`delete-not-allowed-${document.id}`} className="visually-hidden">
            {t('actions.deleteNotAllowed')}
          </span>
        )}
      </span>
    </div>
  );
}
