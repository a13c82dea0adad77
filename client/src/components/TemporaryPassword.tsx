import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type TemporaryPasswordProps = { password: string; /** Whose password it is ("Ana Pérez"). */ name: string };

/**
 * A temporary password shown once, to be handed to its user: selectable text and a Copy
 * button, and the reminder that it will not be shown again and must be changed at sign-in.
 */
export function TemporaryPassword({ password, name }: TemporaryPasswordProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(password);
    } catch {
      // Without clipboard access the text stays selected for Ctrl+C.
      document.execCommand?.('copy');
    }
    setCopied(true);
  };

  return (
    <Alert variant="success" className="mb-0" data-testid="temporary-password-panel">
      <div className="d-flex align-items-center gap-2 mb-2 fw-semibold">
        <KeyRound size={18} aria-hidden />
        {t('tempPassword.title', { name })}
      </div>
      <Form.Label htmlFor={id} className="small mb-1">
        {t('tempPassword.label')}
      </Form.Label>
      <InputGroup>
        <Form.Control
          ref={input}
          id={id}
          readOnly
          value={password}
          className="font-monospace fs-5 bg-body"
          onFocus={(event) => event.target.select()}
          aria-describedby={`${id}-hint`}
          data-testid="temporary-password"
          spellCheck={false}
        />
        <Button variant="outline-success" onClick={() => void copy()} className="d-inline-flex align-items-center gap-1">
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {copied ? t('tempPassword.copied') : t('tempPassword.copy')}
        </Button>
      </InputGroup>
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('tempPassword.copied') : ''}
      </span>
      <p id={`${id}-hint`} className="small mb-0 mt-2">
        {t('tempPassword.once')}
      </p>
    </Alert>
  );
}
