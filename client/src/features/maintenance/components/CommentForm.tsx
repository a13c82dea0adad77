import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { messageText } from '@shared/messages';
import { useAddComment } from '../api/maintenance';

/** A comment on the request; staff (administrators, the technician) may keep it internal. */
export function CommentForm({ requestId, canInternal }: { requestId: number; canInternal: boolean }) {
  const { t, i18n } = useTranslation('maintenance');
  const id = useId();
  const add = useAddComment(requestId);
  const [content, setContent] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      id="comment"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!content.trim()) return setError(messageText('maintenance_comment_required', i18n.language === 'en' ? 'en' : 'es'));
        add.mutate(
          { content: content.trim(), visibility: internal ? 'internal' : 'public' },
          {
            onSuccess: () => {
              setContent('');
              setInternal(false);
              setError(null);
              toast({ title: t('comment.sent'), variant: 'success' });
            },
            onError: (failure) => {
              if (isApiError(failure, 400)) setError(failure.fields.content ?? errorMessage(failure));
              toast({ title: t('errors.action'), description: errorMessage(failure), variant: 'destructive' });
            },
          },
        );
      }}
    >
      <Form.Group className="mb-2" controlId={`${id}-content`}>
        <Form.Label>{t('comment.label')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={5000}
          placeholder={t('comment.placeholder')}
          value={content}
          isInvalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setContent(event.target.value)}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {canInternal ? (
          <Form.Check type="switch" id={`${id}-internal`} label={t('comment.internal')} checked={internal} onChange={(event) => setInternal(event.target.checked)} />
        ) : (
          <span />
        )}
        <SubmitButton pending={add.isPending} pendingLabel={t('common:status.saving')}>
          {t('comment.submit')}
        </SubmitButton>
      </div>
    </Form>
  );
}
