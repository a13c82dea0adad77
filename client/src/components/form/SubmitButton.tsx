import type { ComponentProps, ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';

type SubmitButtonProps = { pending: boolean; pendingLabel: ReactNode; children: ReactNode } & ComponentProps<typeof Button>;

/** A submit button that shows its pending label and a spinner while the request runs. */
export function SubmitButton({ pending, pendingLabel, children, disabled, ...button }: SubmitButtonProps) {
  return (
    <Button type="submit" {...button} disabled={pending || disabled} aria-busy={pending}>
      {pending && <Spinner size="sm" className="me-2" aria-hidden />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
