import { useState } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';
import { STATEMENT_DATE_FORMATS, STATEMENT_DECIMAL_FORMATS, type StatementDateFormat, type StatementDecimalFormat } from '@shared/financesBank';
import type { StatementMapping } from '@shared/schemas/financesBank';
import { newIdempotencyKey, useImportStatement, type BankAccount } from '../api';
import { csvHeaders, fileText, guessColumn } from './columns';

type Mapping = { date: string; description: string; reference: string; amount: string; debit: string; credit: string; balance: string; dateFormat: StatementDateFormat; decimal: StatementDecimalFormat };
type Column = 'date' | 'description' | 'reference' | 'amount' | 'debit' | 'credit' | 'balance';

/**
 * "Importar estado de cuenta": a CSV or OFX file. The first CSV of an account asks which column
 * is which (guessed from the header, confirmed by the administrator); the account remembers it.
 */
export function ImportDialog({ account, show, onClose }: { account: BankAccount; show: boolean; onClose: () => void }) {
  const { t } = useTranslation('financesBank');
  const upload = useImportStatement(account.id);
  const [key, setKey] = useState(newIdempotencyKey);
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [split, setSplit] = useState(true);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const fields = isApiError(upload.error, 400) ? upload.error.fields : {};
  const askMapping = mapping !== null;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setKey(newIdempotencyKey());
    upload.reset();
    if (!chosen || /\.(ofx|qfx)$/i.test(chosen.name)) return setMapping(null);
    const found = csvHeaders(await fileText(chosen));
    setHeaders(found);
    if (account.mapping) return setMapping(null);
    const guess = (column: Column) => guessColumn(found, column);
    const debit = guess('debit');
    setSplit(Boolean(debit));
    setMapping({ date: guess('date'), description: guess('description'), reference: guess('reference'), amount: guess('amount'), debit, credit: guess('credit'), balance: guess('balance'), dateFormat: 'dd/mm/yyyy', decimal: 'dot' });
  };

  const submit = async () => {
    if (!file) return;
    const content = await readAsBase64(file);
    const body: { fileName: string; fileType: string; content: string; mapping?: StatementMapping } = { fileName: file.name, fileType: file.type || 'text/csv', content };
    if (mapping) {
      body.mapping = {
        date: mapping.date,
        description: mapping.description,
        reference: mapping.reference || null,
        amount: split ? null : mapping.amount || null,
        debit: split ? mapping.debit || null : null,
        credit: split ? mapping.credit || null : null,
        balance: mapping.balance || null,
        dateFormat: mapping.dateFormat,
        decimal: mapping.decimal,
      };
    }
    upload.mutate(
      { key, body },
      {
        onSuccess: (result) => {
          toast({ title: t('import.done', { imported: result.imported, duplicates: result.duplicates }), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          // The account's remembered columns do not fit this file: ask for them.
          if (isApiError(error, 400) && (error.fields.mapping || error.fields['mapping.date']) && !mapping) {
            const saved = account.mapping;
            setMapping({
              date: saved?.date ?? '',
              description: saved?.description ?? '',
              reference: saved?.reference ?? '',
              amount: saved?.amount ?? '',
              debit: saved?.debit ?? '',
              credit: saved?.credit ?? '',
              balance: saved?.balance ?? '',
              dateFormat: saved?.dateFormat ?? 'dd/mm/yyyy',
              decimal: saved?.decimal ?? 'dot',
            });
            setSplit(Boolean(saved?.debit));
          }
        },
      },
    );
  };

  const columnSelect = (column: Column, optional: boolean) => (
    <Form.Group className="mb-2 col-sm-6" controlId={`mapping-${column}`} key={column}>
      <Form.Label className="small mb-1">{t(`import.columns.${column}`)}</Form.Label>
      <Form.Select
        size="sm"
        value={mapping![column]}
        onChange={(event) => setMapping({ ...mapping!, [column]: event.target.value })}
        isInvalid={Boolean(fields[`mapping.${column}`])}
      >
        {optional && <option value="">{t('import.noColumn')}</option>}
        {!optional && !mapping![column] && <option value="" />}
        {headers.map((header) => (
          <option key={header} value={header}>
            {header}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid">{fields[`mapping.${column}`]}</Form.Control.Feedback>
    </Form.Group>
  );

  const otherErrors = upload.error && !fields.mapping ? errorMessage(upload.error) : null;
  return (
    <FormDialog show={show} onClose={onClose} title={t('import.title')}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Modal.Body>
          {otherErrors && <Alert variant="danger">{otherErrors}</Alert>}
          <Form.Group className="mb-3" controlId="statement-file">
            <Form.Label>{t('import.file')}</Form.Label>
            <Form.Control type="file" accept=".csv,.txt,.ofx,.qfx,text/csv,application/x-ofx" onChange={(event) => void choose((event.target as HTMLInputElement).files?.[0] ?? null)} />
          </Form.Group>
          {file && !askMapping && account.mapping && !/\.(ofx|qfx)$/i.test(file.name) && <p className="small text-body-secondary">{t('import.remembered')}</p>}
          {askMapping && (
            <fieldset>
              <legend className="h6">{t('import.mappingIntro')}</legend>
              <div className="row g-2">
                {columnSelect('date', false)}
                {columnSelect('description', false)}
                {columnSelect('reference', true)}
                {columnSelect('balance', true)}
              </div>
              <Form.Group className="my-2">
                <Form.Label className="small mb-1">{t('import.amountMode')}</Form.Label>
                <div>
                  <Form.Check inline type="radio" id="amount-split" name="amount-mode" label={t('import.split')} checked={split} onChange={() => setSplit(true)} />
                  <Form.Check inline type="radio" id="amount-signed" name="amount-mode" label={t('import.signed')} checked={!split} onChange={() => setSplit(false)} />
                </div>
              </Form.Group>
              <div className="row g-2">{split ? [columnSelect('debit', false), columnSelect('credit', false)] : columnSelect('amount', false)}</div>
              <div className="row g-2">
                <Form.Group className="mb-2 col-sm-6" controlId="mapping-date-format">
                  <Form.Label className="small mb-1">{t('import.dateFormat')}</Form.Label>
                  <Form.Select size="sm" value={mapping.dateFormat} onChange={(event) => setMapping({ ...mapping, dateFormat: event.target.value as StatementDateFormat })}>
                    {STATEMENT_DATE_FORMATS.map((format) => (
                      <option key={format} value={format}>
                        {format}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group className="mb-2 col-sm-6" controlId="mapping-decimal">
                  <Form.Label className="small mb-1">{t('import.decimal')}</Form.Label>
                  <Form.Select size="sm" value={mapping.decimal} onChange={(event) => setMapping({ ...mapping, decimal: event.target.value as StatementDecimalFormat })}>
                    {STATEMENT_DECIMAL_FORMATS.map((format) => (
                      <option key={format} value={format}>
                        {t(`import.decimals.${format}`)}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </div>
            </fieldset>
          )}
        </Modal.Body>
        <FormDialogFooter pending={upload.isPending} onCancel={onClose} submitLabel={t('import.submit')} />
      </Form>
    </FormDialog>
  );
}
