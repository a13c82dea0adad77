import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@client/lib/api';
import { useShareCandidates, type ShareCandidate } from '../api/get-share-candidates';
import { useDebouncedValue } from '@client/hooks/use-debounced-value';
import { fullName } from '@shared/format';

type SharePickerProps = {
  value: ShareCandidate[];
  onChange: (value: ShareCandidate[]) => void;
  /** The uploader: reads the document anyway, so not offered. */
  selfId: number;
  invalid: boolean;
  disabled?: boolean;
};


/** `custom` access: who else may read the document, searched in the residents directory. */
export function SharePicker({ value, onChange, selfId, invalid, disabled }: SharePickerProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const { data, isPending, error } = useShareCandidates(q);
  const selected = new Set(value.map((person) => person.userId));
  const candidates = data?.filter((person) => person.userId !== selfId) ?? [];

  const toggle = (person: ShareCandidate, on: boolean) =>
    onChange(on ? [...value, person] : value.filter((chosen) => chosen.userId !== person.userId));

  return (
    <fieldset className={`border rounded-3 p-3 mb-3 ${invalid ? 'border-danger' : ''}`} aria-describedby={`${id}-hint`} aria-invalid={invalid || undefined} disabled={disabled}>
      <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-2">{t('upload.shareWith')}</legend>
      {value.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={t('upload.shareSelected')}>
          {value.map((person) => (
            <li key={person.userId}>
              <Badge bg="primary-subtle" text="dark" className="d-inline-flex align-items-center gap-1 fw-normal fs-6">
                {fullName(person)}
                <Button variant="link" size="sm" className="p-0 lh-1 text-body" onClick={() => toggle(person, false)} aria-label={t('upload.shareRemove', { name: fullName(person) })}>
                  <X size={14} aria-hidden />
                </Button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <Form.Label htmlFor={`${id}-search`} className="small">
        {t('upload.shareSearch')}
      </Form.Label>
      <Form.Control id={`${id}-search`} type="search" size="sm" value={search} onChange={(event) => setSearch(event.target.value)} className="mb-2" />
      <div aria-live="polite" aria-busy={isPending} style={{ maxHeight: '12rem', overflowY: 'auto' }}>
        {isPending ? (
          <Spinner size="sm" role="status" aria-label={t('common:status.loading')} />
        ) : error ? (
          <small className="text-danger">{errorMessage(error)}</small>
        ) : candidates.length ? (
          candidates.map((person) => (
            <Form.Check
              key={person.userId}
              id={`${id}-user-${person.userId}`}
              type="checkbox"
              checked={selected.has(person.userId)}
              onChange={(event) => toggle(person, event.target.checked)}
              label={
                <>
                  {fullName(person)}
                  {person.detail && <small className="text-body-secondary ms-2">{person.detail}</small>}
                </>
              }
            />
          ))
        ) : (
          <small className="text-body-secondary">{t('upload.shareNone')}</small>
        )}
      </div>
      <Form.Text id={`${id}-hint`} className="d-block mt-2">
        {t('upload.shareHint')}
      </Form.Text>
    </fieldset>
  );
}
