import { CloudUpload, FileText, X } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@client/lib/format';
import { DOCUMENT_FILE_TYPES } from '@shared/schemas/documents';

type FileDropzoneProps = {
  file: File | null;
  /** A file was dropped or chosen (or null when removed); `rejected` when more than one came. */
  onFile: (file: File | null, rejected?: 'too-many') => void;
  invalid: boolean;
  disabled?: boolean;
  describedBy?: string;
};

/**
 * Drag and drop or click (Enter/Space) to choose one file; the picker offers the allowed
 * extensions. Type and size are checked by the form with the spec's messages, so a file of
 * another type reaches it too.
 */
export function FileDropzone({ file, onFile, invalid, disabled, describedBy }: FileDropzoneProps) {
  const { t } = useTranslation('documents');
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: DOCUMENT_FILE_TYPES,
    multiple: false,
    disabled,
    onDrop: (accepted: File[], rejected: FileRejection[]) => {
      if (accepted.length + rejected.length > 1) return onFile(null, 'too-many');
      onFile(accepted[0] ?? rejected[0]?.file ?? null);
    },
  });

  if (file) {
    return (
      <div className="d-flex align-items-center gap-3 border rounded-3 p-3 mb-3" data-testid="selected-file">
        <FileText className="text-primary flex-shrink-0" aria-hidden />
        <div className="min-w-0 flex-grow-1">
          <div className="visually-hidden">{t('upload.selectedFile')}</div>
          <div className="fw-semibold text-break">{file.name}</div>
          <small className="text-body-secondary">{formatFileSize(file.size)}</small>
        </div>
        <Button variant="outline-secondary" size="sm" onClick={() => onFile(null)} disabled={disabled} aria-label={t('upload.removeFile')}>
          <X size={16} aria-hidden />
        </Button>
      </div>
    );
  }

  // The file input stays outside the button (no control inside another); the button is named by its text.
  return (
    <>
      {/* react-dropzone names its hidden input "file upload" */}
      <input {...getInputProps({ 'aria-label': t('upload.fileInput') })} data-testid="document-file-input" />
      <div
        {...getRootProps({
          className: `vec-dropzone border border-2 rounded-3 p-4 mb-3 text-center ${invalid ? 'border-danger' : ''} ${isDragActive ? 'border-primary bg-primary-subtle' : ''}`,
          role: 'button',
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
        })}
        data-testid="document-dropzone"
      >
        <CloudUpload size={32} className="text-primary mb-2" aria-hidden />
        <p className="mb-1 fw-semibold">{isDragActive ? t('upload.dropzoneActive') : t('upload.dropzone')}</p>
        <p className="small text-body-secondary mb-0">{t('upload.dropzoneHint')}</p>
      </div>
    </>
  );
}
