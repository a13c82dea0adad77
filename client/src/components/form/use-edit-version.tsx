import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@client/lib/api';
import { messageText } from '@shared/messages';

/** A row as the API answers it: with the version an edit of it sends back. */
export type Versioned = { version: number };

type EditVersionOptions<Row extends Versioned, Values extends FieldValues> = {
  /** The row being edited (null while adding one: nothing to version). */
  row: Row | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver output
  form: UseFormReturn<Values, any, any>;
  /** The form's values for a row (what filled it). */
  toValues: (row: Row) => Values;
  /** The row as stored now (a 404 means someone deleted it). */
  fetchRow: () => Promise<Row>;
};

type Conflict = 'none' | 'stale' | 'reloading' | 'reloaded' | 'gone';

/**
 * Edits carry the version of the row they started from (docs/development.md); a stale one answers 409
 * `conflict`. The one mechanism of every edit form:
 * - `version` is the version of the values in the form: the row's when the form was filled; a
 *   form nobody has touched follows a newer row (live changes), one being edited keeps its own;
 * - `isConflict(error)` in the save's onError: true for a stale version, and the notice shows
 *   "someone else changed this" with Reload, the user's input untouched;
 * - Reload fetches the row, refills the fields the user did not change, keeps those they did and
 *   takes the new version, so saving again applies their changes on top of the other person's;
 * - `saved(row)` after a save: the form holds what was saved, at its new version.
 */
export function useEditVersion<Row extends Versioned, Values extends FieldValues>({ row, form, toValues, fetchRow }: EditVersionOptions<Row, Values>) {
  const { t, i18n } = useTranslation();
  const [version, setVersion] = useState(row?.version);
  const [conflict, setConflict] = useState<Conflict>('none');
  const dirty = form.formState.isDirty;
  // The version of the values in the form (what was last reset into it).
  const filled = useRef(row?.version);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The save button may be far below: bring the notice into view.
  useEffect(() => {
    if (conflict === 'stale' || conflict === 'gone') noticeRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [conflict]);

  // An untouched form follows a newer row (a change made elsewhere), never an older one (a
  // list may still hold what a save of ours replaced); the effect below refills it.
  if (row && !dirty && conflict === 'none' && version !== undefined && row.version > version) setVersion(row.version);
  useEffect(() => {
    if (row && row.version === version && filled.current !== version) {
      filled.current = version;
      form.reset(toValues(row));
    }
  }, [row, version, form, toValues]);

  const reload = async () => {
    setConflict('reloading');
    try {
      const fresh = await fetchRow();
      filled.current = fresh.version;
      form.reset(toValues(fresh), { keepDirtyValues: true });
      setVersion(fresh.version);
      setConflict('reloaded');
    } catch (error) {
      setConflict(isApiError(error, 404) ? 'gone' : 'stale');
    }
  };

  const notice =
    conflict === 'none' ? null : conflict === 'reloaded' ? (
      <Alert variant="info" dismissible onClose={() => setConflict('none')} closeLabel={t('actions.close')} data-testid="edit-conflict">
        {t('editConflict.reloaded')}
      </Alert>
    ) : (
      <Alert ref={noticeRef} variant={conflict === 'gone' ? 'danger' : 'warning'} role="alert" data-testid="edit-conflict">
        <p className="mb-2">{conflict === 'gone' ? t('editConflict.gone') : messageText('stale_version', i18n.language === 'en' ? 'en' : 'es')}</p>
        {conflict !== 'gone' && (
          <Button size="sm" variant="warning" onClick={() => void reload()} disabled={conflict === 'reloading'}>
            {conflict === 'reloading' ? t('editConflict.reloading') : t('editConflict.reload')}
          </Button>
        )}
      </Alert>
    );

  return {
    version,
    notice,
    isConflict(error: unknown) {
      const stale = isApiError(error, 409) && error.code === 'conflict';
      if (stale) setConflict('stale');
      return stale;
    },
    saved(savedRow: Row) {
      filled.current = savedRow.version;
      form.reset(toValues(savedRow));
      setVersion(savedRow.version);
      setConflict('none');
    },
  };
}
