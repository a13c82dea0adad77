import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type ChangeEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { messageText } from '@shared/messages';
import { PROPERTY_IMAGE_MAX_BYTES, PROPERTY_IMAGE_TYPES } from '@shared/schemas/properties';
import type { PhotoChange } from '../api/save-property';
import type { PropertyType } from '../api/get-properties';
import { TYPE_ICONS } from '../lib/labels';

const ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,' + PROPERTY_IMAGE_TYPES.join(',');

/** The spec's message for a photo that cannot be used, or null. */
function photoProblem(file: File) {
  if (!(PROPERTY_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'property_image_invalid_type' as const;
  if (file.size > PROPERTY_IMAGE_MAX_BYTES) return 'property_image_too_large' as const;
  return null;
}

type PhotoFieldProps = {
  /** The stored photo's URL. */
  current: string | null;
  change: PhotoChange;
  onChange: (change: PhotoChange) => void;
  /** The placeholder shown without a photo. */
  type: PropertyType;
  problem: string | null;
  onProblem: (problem: string | null) => void;
  disabled?: boolean;
};

/** The optional photo of a property (JPG, PNG, GIF or WebP up to 5 MB) with its preview; saved with the form. */
export function PhotoField({ current, change, onChange, type, problem, onProblem, disabled }: PhotoFieldProps) {
  const { t, i18n } = useTranslation('properties');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = change.kind === 'set' ? change.file : null;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (change.kind === 'remove' ? null : current);
  const Placeholder = TYPE_ICONS[type];

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file chosen again still triggers a change
    if (!chosen) return;
    const check = photoProblem(chosen);
    onProblem(check && messageText(check, i18n.language === 'en' ? 'en' : 'es'));
    if (!check) onChange({ kind: 'set', file: chosen });
  };

  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={`${id}-input`}>{t('form.photo')}</Form.Label>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <div className="vec-property-photo-preview rounded-3 border overflow-hidden flex-shrink-0" data-testid="property-photo-preview">
          {shown ? (
            <img src={shown} alt={t('form.photoPreview')} className="w-100 h-100 object-fit-cover" />
          ) : (
            <div className="w-100 h-100 d-flex align-items-center justify-content-center text-body-secondary bg-body-tertiary">
              <Placeholder size={32} aria-hidden />
            </div>
          )}
        </div>
        <div>
          <div className="d-flex flex-wrap gap-2 mb-1">
            <Button variant="outline-primary" size="sm" onClick={() => input.current?.click()} disabled={disabled}>
              <ImagePlus size={16} className="me-1" aria-hidden />
              {shown ? t('form.photoChange') : t('form.photoChoose')}
            </Button>
            {shown && (
              <Button
                variant="outline-secondary"
                size="sm"
                disabled={disabled}
                onClick={() => {
                  onProblem(null);
                  onChange(current ? { kind: 'remove' } : { kind: 'keep' });
                }}
              >
                <Trash2 size={16} className="me-1" aria-hidden />
                {t('form.photoRemove')}
              </Button>
            )}
          </div>
          <Form.Text id={`${id}-hint`} className="d-block">
            {t('form.photoHint')}
          </Form.Text>
          {problem && (
            <div className="small text-danger" role="alert" id={`${id}-error`}>
              {problem}
            </div>
          )}
        </div>
      </div>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        onChange={choose}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        data-testid="property-photo-input"
      />
    </Form.Group>
  );
}
