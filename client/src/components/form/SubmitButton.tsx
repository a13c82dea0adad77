import type { ComponentProps, ReactNode } from 'react';

type SubmitButtonProps = {
  pending: boolean;
  pendingLabel: ReactNode;
  children: ReactNode;
  /** Bootstrap's button variant and size (`btn-primary`, `btn-lg`). */
  variant?: string;
  size?: 'sm' | 'lg';
} & ComponentProps<'button'>;

/**
 * A submit button that shows its pending label and a spinner while the request runs. Bootstrap's
 * own markup (it is on the sign-in page, which does without react-bootstrap).
 */
export function SubmitButton({ pending, pendingLabel, children, disabled, variant = 'primary', size, className = '', ...button }: SubmitButtonProps) {
  return (
    <button type="submit" {...button} className={`btn btn-${variant}${size ? ` btn-${size}` : ''} ${className}`.trim()} disabled={pending || disabled} aria-busy={pending}>
      {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
      {pending ? pendingLabel : children}
    </button>
  );
}
