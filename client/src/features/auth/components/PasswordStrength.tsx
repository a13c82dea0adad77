import { ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export type Strength = 'weak' | 'medium' | 'strong';

/** A rough strength: length, mixed case, digits and symbols each add a point. */
export function passwordStrength(password: string): Strength | null {
  if (!password) return null;
  const score = [
    password.length >= 8,
    password.length >= 12,
    /[a-z]/.test(password) && /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
  return score <= 2 ? 'weak' : score === 3 ? 'medium' : 'strong';
}

const LOOK = { weak: { now: 33, variant: 'danger' }, medium: { now: 66, variant: 'warning' }, strong: { now: 100, variant: 'success' } } as const;

/** The weak / medium / strong indicator under a new password. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('password');
  const strength = passwordStrength(password);
  if (!strength) return null;
  const { now, variant } = LOOK[strength];
  return (
    <div className="mb-3" id={id}>
      <ProgressBar now={now} variant={variant} style={{ height: 6 }} aria-hidden />
      <small className="d-block mt-1 text-body-secondary" aria-live="polite" data-testid="password-strength">
        {t('password.strength', { level: t(`password.levels.${strength}`) })}
      </small>
    </div>
  );
}
