import { Download, ExternalLink, FileText } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DocumentItem } from '@shared/schemas/documents';
import { documentFileUrl } from '../api/download-document';
import { previewKind } from '../lib/files';

type DocumentViewerDialogProps = {
  document: DocumentItem | null;
  onClose: () => void;
  onDownload: (document: DocumentItem) => void;
  downloading: boolean;
};

/**
 * The document in a dialog, loaded from its view URL (`?inline=1`): a PDF in the browser's
 * viewer (an <object>, whose fallback offers a new tab and the download where the browser has
 * no PDF viewer, as on most phones), an image as an <img>; other types are downloaded.
 */
export function DocumentViewerDialog({ document, onClose, onDownload, downloading }: DocumentViewerDialogProps) {
  const { t } = useTranslation('documents');
  return (
    <Modal show={Boolean(document)} onHide={onClose} size="xl" fullscreen="md-down" centered aria-labelledby="document-viewer-title">
      {document && (
        <>
          <Modal.Header closeButton closeLabel={t('viewer.close')}>
            <Modal.Title id="document-viewer-title" as="h2" className="h5 text-break">
              {document.title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="p-0 bg-body-tertiary">
            <Preview key={document.id} document={document} />
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <small className="text-body-secondary">
              {document.fileName ?? document.title} · {document.fileSize}
            </small>
            <div className="d-flex gap-2">
              <Button variant="outline-secondary" onClick={onClose}>
                {t('viewer.close')}
              </Button>
              <Button variant="primary" onClick={() => onDownload(document)} disabled={downloading} aria-busy={downloading}>
                {downloading ? <Spinner size="sm" className="me-2" aria-hidden /> : <Download size={16} className="me-2" aria-hidden />}
                {t('actions.download')}
              </Button>
            </div>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}

function Preview({ document }: { document: DocumentItem }) {
  const { t } = useTranslation('documents');
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const url = documentFileUrl(document, true);
  const kind = previewKind(document.fileType);

  if (kind === 'none') {
    return (
      <div className="text-center p-5">
        <FileText size={40} className="text-body-secondary mb-3" aria-hidden />
        <p className="mb-0">{t('viewer.unavailable')}</p>
      </div>
    );
  }

  if (kind === 'image') {
    return (
      <div className="d-flex justify-content-center align-items-center p-3" style={{ minHeight: '12rem' }}>
        {!loaded && !failed && <Spinner role="status" aria-label={t('viewer.loading')} />}
        {failed ? (
          <Alert variant="danger" className="mb-0">{t('viewer.imageFailed')}</Alert>
        ) : (
          <img
            src={url}
            alt={document.title}
            className={`img-fluid ${loaded ? '' : 'd-none'}`}
            style={{ maxHeight: '75vh' }}
            onLoad={() => setLoaded(true)}
            onError={() => setFailed(true)}
            data-testid="document-viewer-image"
          />
        )}
      </div>
    );
  }

  return (
    <object data={url} type="application/pdf" title={document.title} className="d-block w-100 border-0" style={{ height: '75vh' }} data-testid="document-viewer-pdf">
      {/* Shown only where the browser cannot display PDFs. */}
      <div className="text-center p-5">
        <p>{t('viewer.noPdfViewer')}</p>
        <a href={url} target="_blank" rel="noreferrer" className="btn btn-outline-primary">
          <ExternalLink size={16} className="me-2" aria-hidden />
          {t('viewer.openInTab')}
        </a>
      </div>
    </object>
  );
}
