import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/Avatar';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { errorMessage } from '@client/lib/api';
import { messageText, type MessageKey } from '@shared/messages';
import { useDeleteAvatar } from '../api/delete-avatar';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, useUploadAvatar } from '../api/upload-avatar';

/** The photo (or initials) with Change Photo: JPG, GIF or PNG of 1 MB at most. */
export function AvatarSection() {
  const { t, i18n } = useTranslation('settings');
  const user = useCurrentUser();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const busy = upload.isPending || remove.isPending;

  const failed = (error: unknown) => toast({ title: t('common:notices.updateFailed'), description: errorMessage(error), variant: 'destructive' });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still triggers a change
    if (!file) return;
    const check: MessageKey | null = !(AVATAR_TYPES as readonly string[]).includes(file.type)
      ? 'avatar_invalid_type'
      : file.size > AVATAR_MAX_BYTES
        ? 'avatar_too_large'
        : null;
    setProblem(check);
    if (check) return;
    upload.mutate(file, { onSuccess: () => toast({ title: t('photo.updated'), variant: 'success' }), onError: failed });
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-3">
      <Avatar name={user.name} lastName={user.lastName} src={user.avatarUrl} size={72} />
      <div>
        <div className="d-flex flex-wrap gap-2 mb-1">
          <Button variant="outline-primary" size="sm" onClick={() => input.current?.click()} disabled={busy}>
            {upload.isPending ? <Spinner size="sm" className="me-1" aria-hidden /> : <Camera size={16} className="me-1" aria-hidden />}
            {t('photo.change')}
          </Button>
          {user.avatarUrl && (
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={busy}
              onClick={() => remove.mutate(undefined, { onSuccess: () => toast({ title: t('photo.removed'), variant: 'success' }), onError: failed })}
            >
              <Trash2 size={16} className="me-1" aria-hidden />
              {t('photo.remove')}
            </Button>
          )}
        </div>
        <small className="text-body-secondary d-block" id="avatar-note">
          {t('photo.note')}
        </small>
        {problem && (
          <small className="text-danger d-block" role="alert">
            {messageText(problem, i18n.language === 'en' ? 'en' : 'es')}
          </small>
        )}
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.gif,.png,image/jpeg,image/gif,image/png"
          className="d-none"
          onChange={choose}
          aria-describedby="avatar-note"
          data-testid="avatar-input"
          tabIndex={-1}
        />
      </div>
    </div>
  );
}
