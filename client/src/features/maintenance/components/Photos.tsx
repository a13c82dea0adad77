import { Camera, ChevronLeft, ChevronRight, Download, ImageIcon, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MAINTENANCE_PHOTO_TYPES, MAX_MAINTENANCE_PHOTO_BYTES } from '@shared/schemas/maintenance';
import type { MaintenancePhotoView } from '@shared/schemas/maintenance';

const EXTENSIONS = [...new Set(Object.values(MAINTENANCE_PHOTO_TYPES).flat())];
const isPhoto = (file: File) => (file.type ? file.type in MAINTENANCE_PHOTO_TYPES : EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext)));
/** Browsers show these; HEIC is listed by name. */
const showable = (type: string) => /^image\/(jpeg|png|webp)$/.test(type);

type PhotoPickerProps = {
  files: File[];
  onChange: (files: File[]) => void;
  /** The field's label; hidden when the button says it all. */
  label?: string;
  labelHidden?: boolean;
  disabled?: boolean;
};

/**
 * Photos for a request, from the phone's camera or gallery (`capture`): previews, remove, and
 * the size and type checked before sending (the server checks them again, by content).
 */
export function PhotoPicker({ files, onChange, label, labelHidden = false, disabled }: PhotoPickerProps) {
  const { t } = useTranslation('maintenance');
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const previews = useMemo(() => files.map((file) => (showable(file.type) ? URL.createObjectURL(file) : null)), [files]);
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);

  const add = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const wrong = list.find((file) => !isPhoto(file));
    const large = list.find((file) => file.size > MAX_MAINTENANCE_PHOTO_BYTES);
    setProblem(wrong ? t('photos.wrongType', { name: wrong.name }) : large ? t('photos.tooLarge', { name: large.name }) : null);
    onChange([...files, ...list.filter((file) => isPhoto(file) && file.size <= MAX_MAINTENANCE_PHOTO_BYTES)]);
  };

  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id} className="d-block" visuallyHidden={labelHidden}>
        {label ?? t('photos.label')}
      </Form.Label>
      {files.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" data-testid="photo-previews">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="vec-photo-thumb position-relative">
              {previews[index] ? <img src={previews[index]!} alt={file.name} /> : <span className="vec-photo-placeholder"><ImageIcon size={20} aria-hidden />{file.name}</span>}
              <Button
                variant="light"
                size="sm"
                className="position-absolute top-0 end-0 m-1 p-1 lh-1 border"
                aria-label={t('photos.remove', { name: file.name })}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                disabled={disabled}
              >
                <X size={14} aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {/* A label styled as a button: a big target that opens the camera on a phone. */}
      <label htmlFor={id} className={`btn btn-outline-secondary d-inline-flex align-items-center gap-2${disabled ? ' disabled' : ''}`}>
        <Camera size={18} aria-hidden />
        {t('photos.add')}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept="image/*"
        capture="environment"
        multiple
        disabled={disabled}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
      />
      <Form.Text id={`${id}-hint`} className="d-block">
        {t('photos.hint')}
      </Form.Text>
      {problem && (
        <div id={`${id}-problem`} className="text-danger small mt-1" role="alert">
          {problem}
        </div>
      )}
    </Form.Group>
  );
}

/** Thumbnails of a request's photos; a viewer opens each large, with previous and next. */
export function PhotoGallery({ photos }: { photos: MaintenancePhotoView[] }) {
  const { t } = useTranslation('maintenance');
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length) return null;
  const current = open === null ? null : photos[open];
  const total = photos.length;
  return (
    <>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="photo-gallery">
        {photos.map((photo, index) => (
          <li key={photo.id} className="vec-photo-thumb">
            <button type="button" className="btn p-0 border-0 w-100 h-100" onClick={() => setOpen(index)} aria-label={t('photos.open', { n: index + 1, total })}>
              {showable(photo.fileType) ? (
                <img src={photo.url} alt="" loading="lazy" />
              ) : (
                <span className="vec-photo-placeholder">
                  <ImageIcon size={20} aria-hidden />
                  {t('photos.heic')}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <Modal show={current !== null} onHide={() => setOpen(null)} size="lg" centered aria-labelledby="photo-viewer-title">
        {current && open !== null && (
          <>
            <Modal.Header closeButton closeLabel={t('common:actions.close')}>
              <Modal.Title id="photo-viewer-title" as="h2" className="h6 mb-0">
                {t('photos.viewer', { n: open + 1, total })}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body className="text-center">
              {showable(current.fileType) ? (
                <img src={current.url} alt={t('photos.viewer', { n: open + 1, total })} className="img-fluid rounded" style={{ maxHeight: '70vh' }} />
              ) : (
                <p>{current.fileName ?? t('photos.heic')}</p>
              )}
            </Modal.Body>
            <Modal.Footer className="justify-content-between">
              <div className="d-flex gap-2">
                <Button variant="outline-secondary" onClick={() => setOpen((open + total - 1) % total)} disabled={total < 2} aria-label={t('photos.previous')}>
                  <ChevronLeft size={18} aria-hidden />
                </Button>
                <Button variant="outline-secondary" onClick={() => setOpen((open + 1) % total)} disabled={total < 2} aria-label={t('photos.next')}>
                  <ChevronRight size={18} aria-hidden />
                </Button>
              </div>
              <a className="btn btn-outline-primary d-inline-flex align-items-center gap-2" href={current.url} download={current.fileName ?? undefined}>
                <Download size={16} aria-hidden />
                {t('photos.download')}
              </a>
            </Modal.Footer>
          </>
        )}
      </Modal>
    </>
  );
}
