import { useState } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { errorMessage, isApiError } from '@client/lib/api';
import { BANKS, BANK_LABELS, type Bank } from '@shared/financesBank';
import { newIdempotencyKey, useCreateBankAccount, type BankAccount } from '../api';

/** "Nueva cuenta": a bank account of the property (bank, last 4 digits, opening balance and date, whether it receives the units' payments). */
export function AccountDialog({ propertyId, show, onClose, onCreated }: { propertyId: number; show: boolean; onClose: () => void; onCreated: (account: BankAccount) => void }) {
  const { t } = useTranslation('financesBank');
  const create = useCreateBankAccount(propertyId);
  const [key] = useState(newIdempotencyKey);
  const [form, setForm] = useState({ bank: 'banreservas' as Bank, name: '', last4: '', openingBalance: '0.00', openingDate: '', receivesPayments: true });
  const fields = isApiError(create.error, 400) ? create.error.fields : {};
  const set = (changes: Partial<typeof form>) => setForm((current) => ({ ...current, ...changes }));
  const submit = () =>
    create.mutate(
      {
        key,
        body: {
          bank: form.bank,
          name: form.name || null,
          last4: form.last4,
          openingBalance: Math.round(Number(form.openingBalance.replace(/,/g, '')) * 100),
          openingDate: form.openingDate,
          receivesPayments: form.receivesPayments,
        },
      },
      { onSuccess: (account) => onCreated(account) },
    );
  return (
    <FormDialog show={show} onClose={onClose} title={t('account.title')}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Modal.Body>
          {create.error && !Object.keys(fields).length && <Alert variant="danger">{errorMessage(create.error)}</Alert>}
          <Form.Group className="mb-3" controlId="bank-account-bank">
            <Form.Label>{t('account.bank')}</Form.Label>
            <Form.Select value={form.bank} onChange={(event) => set({ bank: event.target.value as Bank })} isInvalid={Boolean(fields.bank)}>
              {BANKS.map((bank) => (
                <option key={bank} value={bank}>
                  {BANK_LABELS[bank]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{fields.bank}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="bank-account-name">
            <Form.Label>{t('account.name')}</Form.Label>
            <Form.Control value={form.name} onChange={(event) => set({ name: event.target.value })} isInvalid={Boolean(fields.name)} />
            <Form.Control.Feedback type="invalid">{fields.name}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="bank-account-last4">
            <Form.Label>{t('account.last4')}</Form.Label>
            <Form.Control inputMode="numeric" maxLength={4} value={form.last4} onChange={(event) => set({ last4: event.target.value })} isInvalid={Boolean(fields.last4)} />
            <Form.Control.Feedback type="invalid">{fields.last4}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="bank-account-opening-balance">
            <Form.Label>{t('account.openingBalance')}</Form.Label>
            <Form.Control inputMode="decimal" value={form.openingBalance} onChange={(event) => set({ openingBalance: event.target.value })} isInvalid={Boolean(fields.openingBalance)} />
            <Form.Control.Feedback type="invalid">{fields.openingBalance}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="bank-account-opening-date">
            <Form.Label>{t('account.openingDate')}</Form.Label>
            <Form.Control type="date" value={form.openingDate} onChange={(event) => set({ openingDate: event.target.value })} isInvalid={Boolean(fields.openingDate)} />
            <Form.Control.Feedback type="invalid">{fields.openingDate}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check
            id="bank-account-receives"
            type="switch"
            label={t('account.receivesPayments')}
            checked={form.receivesPayments}
            onChange={(event) => set({ receivesPayments: event.target.checked })}
          />
        </Modal.Body>
        <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('account.submit')} />
      </Form>
    </FormDialog>
  );
}
