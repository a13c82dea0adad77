import { useState } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { errorMessage, isApiError } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { EXPENSE_CATEGORIES } from '@shared/finances';
import { newIdempotencyKey, useFunds, useMatchLine, type BankLine } from '../api';

/**
 * "Crear gasto" / "Crear ingreso" from a statement line: a paid expense from the account (money
 * out) or an other income into it (money in), reconciled with the line at once.
 */
export function CreateFromLineDialog({ line, propertyId, onClose }: { line: BankLine | null; propertyId: number; onClose: () => void }) {
  const { t } = useTranslation('financesBank');
  const funds = useFunds(propertyId);
  const match = useMatchLine();
  const [key] = useState(newIdempotencyKey);
  const [fundId, setFundId] = useState('');
  const [category, setCategory] = useState<string>('bank_fees');
  const [description, setDescription] = useState(line?.description ?? '');
  const kind = line && line.amount < 0 ? 'expense' : 'income';
  const fields = isApiError(match.error, 400) ? match.error.fields : {};
  const chosenFund = Number(fundId || funds.data?.[0]?.id);
  const submit = () => {
    if (!line || !chosenFund) return;
    const create =
      kind === 'expense'
        ? { kind: 'expense' as const, fundId: chosenFund, category, description: description || undefined, itbis: 0 }
        : { kind: 'income' as const, fundId: chosenFund, description: description || undefined };
    match.mutate({ lineId: line.id, key, body: { create } }, { onSuccess: onClose });
  };
  return (
    <FormDialog show={line !== null} onClose={onClose} title={t(kind === 'expense' ? 'create.expenseTitle' : 'create.incomeTitle')}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Modal.Body>
          {line && (
            <p className="mb-3">
              <strong>{formatMoney(line.amount)}</strong> · {line.date} · {line.description}
            </p>
          )}
          {match.error && !Object.keys(fields).length && <Alert variant="danger">{errorMessage(match.error)}</Alert>}
          <Form.Group className="mb-3" controlId="create-fund">
            <Form.Label>{t('create.fund')}</Form.Label>
            <Form.Select value={fundId || String(funds.data?.[0]?.id ?? '')} onChange={(event) => setFundId(event.target.value)} isInvalid={Boolean(fields['create.fundId'])}>
              {funds.data?.map((fund) => (
                <option key={fund.id} value={fund.id}>
                  {fund.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{fields['create.fundId']}</Form.Control.Feedback>
          </Form.Group>
          {kind === 'expense' && (
            <Form.Group className="mb-3" controlId="create-category">
              <Form.Label>{t('create.category')}</Form.Label>
              <Form.Select value={category} onChange={(event) => setCategory(event.target.value)}>
                {EXPENSE_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`categories.${value}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <Form.Group className="mb-3" controlId="create-description">
            <Form.Label>{t('create.description')}</Form.Label>
            <Form.Control value={description} onChange={(event) => setDescription(event.target.value)} isInvalid={Boolean(fields['create.description'])} />
            <Form.Control.Feedback type="invalid">{fields['create.description']}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        {/* The fund is chosen from the property's funds: sent only once they are there. */}
        <FormDialogFooter pending={match.isPending} disabled={!chosenFund} onCancel={onClose} submitLabel={t('create.submit')} />
      </Form>
    </FormDialog>
  );
}
