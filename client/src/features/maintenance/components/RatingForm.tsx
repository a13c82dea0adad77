import { zodResolver } from '@client/components/form/zod-resolver';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { Card, Form } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { MaintenanceRatingSchema, type MaintenanceRatingInput } from '@shared/schemas/maintenance';
import { useRateRequest } from '../api/maintenance';

/** The requester rates completed work: 1 to 5 stars (radio buttons) and an optional comment. */
export function RatingForm({ requestId }: { requestId: number }) {
  const { t } = useTranslation('maintenance');
  const id = useId();
  const rate = useRateRequest(requestId);
  const { register, handleSubmit, setError, control, formState: { errors } } = useForm<z.input<typeof MaintenanceRatingSchema>, unknown, MaintenanceRatingInput>({
    resolver: zodResolver(MaintenanceRatingSchema),
    defaultValues: { score: 0, comment: '' },
  });
  const score = useWatch({ control, name: 'score' });
  const onSubmit = handleSubmit(({ score, comment }) =>
    rate.mutate(
      { score, comment: comment ?? undefined },
      {
        onSuccess: () => toast({ title: t('rating.thanks'), variant: 'success' }),
        onError: (error) => formFailed(error, setError, ['comment'], t('errors.action')),
      },
    ),
  );
  return (
    <Card className="mb-4" as="section" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 id={`${id}-title`} className="h5">
          {t('rating.title')}
        </h2>
        <Form noValidate onSubmit={onSubmit}>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('rating.score')}</legend>
            <Controller
              control={control}
              name="score"
              render={({ field }) => (
                <div className="vec-stars">
                  {[1, 2, 3, 4, 5].map((value) => (
                    <span key={value}>
                      <input
                        type="radio"
                        className="visually-hidden"
                        name={`${id}-score`}
                        id={`${id}-score-${value}`}
                        value={value}
                        checked={field.value === value}
                        onBlur={field.onBlur}
                        onChange={() => field.onChange(value)}
                      />
                      <label htmlFor={`${id}-score-${value}`} className={value <= field.value ? 'vec-star-on' : undefined}>
                        <Star size={28} fill={value <= field.value ? 'currentColor' : 'none'} aria-hidden />
                        <span className="visually-hidden">{t('rating.star', { count: value })}</span>
                      </label>
                    </span>
                  ))}
                </div>
              )}
            />
          </fieldset>
          <TextField id={`${id}-comment`} label={t('rating.comment')} as="textarea" rows={2} maxLength={5000} registration={register('comment')} error={errors.comment} />
          <SubmitButton pending={rate.isPending} pendingLabel={t('common:status.saving')} disabled={!score}>
            {t('rating.submit')}
          </SubmitButton>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** A given rating: stars and comment. */
export function RatingStars({ score }: { score: number }) {
  const { t } = useTranslation('maintenance');
  return (
    <span role="img" className="d-inline-flex align-items-center gap-1" aria-label={t('rating.yours', { score })} data-testid="maintenance-rating">
      {[1, 2, 3, 4, 5].map((value) => (
        <Star key={value} size={16} fill={value <= score ? '#b45309' : 'none'} color={value <= score ? '#b45309' : 'currentColor'} aria-hidden />
      ))}
    </span>
  );
}
