import { DoorOpen } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@client/lib/api';

/**
 * A unit number the property does not have: the server refuses it (400 `unknown_unit`) unless
 * the request says to create it. The form then asks "¿Crear la unidad 1C?" for the number it
 * sent, until that number is changed.
 */
export function useUnknownUnit(typedUnit: string | undefined) {
  const [refused, setRefused] = useState<string | null>(null);
  return {
    /** The number to confirm, while it is still the one typed. */
    asking: refused !== null && refused === typedUnit?.trim() ? refused : null,
    /** Whether this error was an unknown unit (the form asks instead of failing). */
    caught(error: unknown, unit: string) {
      if (!isApiError(error, 400) || error.code !== 'unknown_unit') return false;
      setRefused(unit.trim());
      return true;
    },
    dismiss: () => setRefused(null),
  };
}

type UnitConfirmationProps = {
  question: ReturnType<typeof useUnknownUnit>;
  pending: boolean;
  onCreate: () => void;
  /** Back to the unit field (to focus it). */
  onChangeUnit: () => void;
};

/** "¿Crear la unidad 1C?" while asked: create it and save, or go back to the unit field. */
export function UnitConfirmation({ question, pending, onCreate, onChangeUnit }: UnitConfirmationProps) {
  const { t } = useTranslation('residents');
  const unit = question.asking;
  if (!unit) return null;
  return (
    <Alert variant="warning" className="mt-3 mb-0" data-testid="unit-confirmation">
      <div className="d-flex gap-2">
        <DoorOpen size={20} aria-hidden className="flex-shrink-0 mt-1" />
        <div>
          <p className="fw-semibold mb-1" role="alert">
            {t('form.createUnitQuestion', { unit })}
          </p>
          <p className="small mb-2">{t('form.createUnitExplanation', { unit })}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button size="sm" onClick={onCreate} disabled={pending}>
              {t('form.createUnit', { unit })}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={pending}
              onClick={() => {
                question.dismiss();
                onChangeUnit();
              }}
            >
              {t('form.changeUnit')}
            </Button>
          </div>
        </div>
      </div>
    </Alert>
  );
}
