import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { useRateRequest } from '../api/maintenance';

/** The requester rates completed work: 1 to 5 stars (radio buttons) and an optional comment. */
export function RatingForm({ requestId }: { requestId: number }) {
  const { t } = useTranslation('maintenance');
  const id = useId();
  const rate = useRateRequest(requestId);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  return (
    <Card className="mb-4" as="section" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <h2 id={`${id}-title`} className="h5">
          {t('rating.title')}
        </h2>
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!score) return;
            rate.mutate(
              { score, comment: comment.trim() || undefined },
              {
                onSuccess: () => toast({ title: t('rating.thanks'), variant: 'success' }),
                onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }),
              },
            );
          }}
        >
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('rating.score')}</legend>
            <div className="vec-stars">
              {[1, 2, 3, 4, 5].map((value) => (
                <span key={value}>
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={`${id}-score`}
                    id={`${id}-score-${value}`}
                    value={value}
                    checked={score === value}
                    onChange={() => setScore(value)}
                  />
                  <label htmlFor={`${id}-score-${value}`} className={value <= score ? 'vec-star-on' : undefined}>
                    <Star size={28} fill={value <= score ? 'currentColor' : 'none'} aria-hidden />
                    <span className="visually-hidden">{t('rating.star', { count: value })}</span>
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
          <Form.Group className="mb-3" controlId={`${id}-comment`}>
            <Form.Label>{t('rating.comment')}</Form.Label>
            <Form.Control as="textarea" rows={2} maxLength={5000} value={comment} onChange={(event) => setComment(event.target.value)} />
          </Form.Group>
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
