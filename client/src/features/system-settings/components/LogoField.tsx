import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { messageText, type MessageKey } from '@shared/messages';
import { LOGO_MAX_BYTES, LOGO_TYPES, type SystemSettings } from '@shared/schemas/settings';
import { useRemoveLogo, useUploadLogo } from '../api/logo';

const ACCEPT = [...Object.values(LOGO_TYPES).flat(), ...Object.keys(LOGO_TYPES)].join(',');

/**
 * The organization's logo: shown in the header, the emails and every PDF. PNG or JPG of 1 MB at
 * most (checked here for a quick answer and by content on the server); removing it asks first.
 */
export function LogoField({ settings }: { settings: SystemSettings }) {
  const { t, i18n } = useTranslation('systemSettings');
  const input = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;
  const failed = (error: unknown) => toast({ title: t('saveError'), description: errorMessage(error), variant: 'destructive' });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still triggers a change
    if (!file) return;
    const check: MessageKey | null = !(file.type in LOGO_TYPES) ? 'logo_type' : file.size > LOGO_MAX_BYTES ? 'logo_too_large' : null;
    setProblem(check);
    if (check) return;
    upload.mutate(file, { onSuccess: () => toast({ title: t('logo.uploaded'), variant: 'success' }), onError: failed });
  };

  return (
    <section className="mb-4" aria-labelledby={`${noteId}-title`} data-testid="logo-field">
      <h3 className="h6" id={`${noteId}-title`}>
        {t('logo.title')}
      </h3>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <div className="border rounded d-flex align-items-center justify-content-center bg-body-tertiary" style={{ width: 72, height: 72 }}>
          {settings.logo ? (
            <img src={settings.logo} alt={t('logo.alt')} style={{ maxWidth: 64, maxHeight: 64 }} data-testid="logo-preview" />
          ) : (
            <small className="text-body-secondary text-center px-1">{t('logo.none')}</small>
          )}
        </div>
        <div>
          <div className="d-flex flex-wrap gap-2 mb-1">
            <Button variant="outline-primary" size="sm" onClick={() => input.current?.click()} disabled={busy} aria-describedby={noteId}>
              {upload.isPending ? <Spinner size="sm" className="me-1" aria-hidden /> : <ImageUp size={16} className="me-1" aria-hidden />}
              {settings.logo ? t('logo.change') : t('logo.choose')}
            </Button>
            {settings.logo && (
              <Button variant="outline-secondary" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 size={16} className="me-1" aria-hidden />
                {t('logo.remove')}
              </Button>
            )}
          </div>
          <small className="text-body-secondary d-block" id={noteId}>
            {t('logo.hint')}
          </small>
          {problem && (
            <small className="text-danger d-block" role="alert">
              {messageText(problem, i18n.language === 'en' ? 'en' : 'es')}
            </small>
          )}
          <input ref={input} type="file" accept={ACCEPT} className="d-none" onChange={choose} data-testid="logo-input" tabIndex={-1} aria-label={t('logo.choose')} />
        </div>
      </div>
      <ConfirmDialog
        show={confirming}
        title={t('logo.confirmRemove')}
        confirmLabel={t('logo.remove')}
        variant="danger"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: t('logo.removed'), variant: 'success' });
            },
            onError: (error) => {
              setConfirming(false);
              failed(error);
            },
          })
        }
      >
        {t('logo.confirmRemoveText')}
      </ConfirmDialog>
    </section>
  );
}
