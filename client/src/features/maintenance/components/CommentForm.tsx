import { zodResolver } from '@client/components/form/zod-resolver';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { MaintenanceCommentSchema, type MaintenanceCommentInput } from '@shared/schemas/maintenance';
import { useAddComment } from '../api/maintenance';

const EMPTY = { content: '', visibility: 'public' } as const;

/** A comment on the request; staff (administrators, the technician) may keep it internal. */
export function CommentForm({ requestId, canInternal }: { requestId: number; canInternal: boolean }) {
  const { t } = useTranslation('maintenance');
  const id = useId();
  const add = useAddComment(requestId);
  const { register, handleSubmit, setError, reset, control, formState: { errors } } = useForm<z.input<typeof MaintenanceCommentSchema>, unknown, MaintenanceCommentInput>({
    resolver: zodResolver(MaintenanceCommentSchema),
    defaultValues: EMPTY,
  });
  const onSubmit = handleSubmit(({ content, visibility }) =>
    add.mutate(
      { content, visibility },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast({ title: t('comment.sent'), variant: 'success' });
        },
        onError: (failure) => {
          // Whatever the server refused of the comment shows under it.
          if (isApiError(failure, 400) && !failure.fields.content) setError('content', { type: 'server', message: errorMessage(failure) });
          formFailed(failure, setError, ['content'], t('errors.action'));
        },
      },
    ),
  );
  return (
    <Form id="comment" noValidate onSubmit={onSubmit}>
      <TextField
        id={`${id}-content`}
        className="mb-2"
        label={t('comment.label')}
        as="textarea"
        rows={3}
        maxLength={5000}
        placeholder={t('comment.placeholder')}
        registration={register('content')}
        error={errors.content}
      />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        {canInternal ? (
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <Form.Check
                type="switch"
                id={`${id}-internal`}
                label={t('comment.internal')}
                name={field.name}
                ref={field.ref}
                checked={field.value === 'internal'}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.checked ? 'internal' : 'public')}
              />
            )}
          />
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
