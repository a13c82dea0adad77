import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Landmark, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, Card, Form, ListGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { FormDialog } from '@client/components/FormDialog';
import { Loading } from '@client/components/Loading';
import { useTransferAccounts } from '@client/components/WhereToPay';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { api, errorMessage, isApiError } from '@client/lib/api';
import { transferAccountsQueryKey } from '@client/lib/query-keys';
import { BANKS, BANK_LABELS } from '@shared/financesBank';
import { ACCOUNT_TYPES, type TransferAccountInput, type TransferAccountView } from '@shared/schemas/agreements';

type Editing = { account: TransferAccountView | null } | null;
const EMPTY: TransferAccountInput = { propertyId: null, bank: 'popular', accountType: 'checking', number: '', holder: '', rnc: null };

/**
 * Settings > Cobros, "Cuentas para transferencias" (docs/modules/collections.md): the accounts
 * residents and owners see in the transfer dialog and on their home, the organization's or a
 * property's; added, changed and removed (with confirmation) by administrators.
 */
export function TransferAccountsSettings() {
  const { t } = useTranslation('collections');
  const accounts = useTransferAccounts();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<TransferAccountView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/transfer-accounts/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: transferAccountsQueryKey() });
      toast({ title: t('accounts.removed'), variant: 'success' });
      setRemoving(null);
    },
  });
  return (
    <Card className="mt-4" data-testid="transfer-accounts-settings">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
          <div className="me-auto">
            <h2 className="h5 d-flex align-items-center gap-2">
              <Landmark size={18} aria-hidden />
              {t('accounts.title')}
            </h2>
            <p className="text-body-secondary small mb-0">{t('accounts.description')}</p>
          </div>
          <Button onClick={() => setEditing({ account: null })} className="d-inline-flex align-items-center gap-1" data-testid="add-transfer-account">
            <Plus size={16} aria-hidden />
            {t('accounts.add')}
          </Button>
        </div>
        {accounts.isPending ? (
          <Loading />
        ) : accounts.isError ? (
          <ErrorCard title={t('accounts.loadError')} error={accounts.error} onRetry={() => void accounts.refetch()} />
        ) : !accounts.data.length ? (
          <EmptyState title={t('accounts.emptyTitle')} description={t('accounts.empty')} />
        ) : (
          <ListGroup variant="flush">
            {accounts.data.map((account) => (
              <ListGroup.Item key={account.id} className="d-flex flex-wrap align-items-center gap-2 px-0">
                <div className="me-auto min-w-0 small">
                  <div className="fw-semibold">
                    {BANK_LABELS[account.bank]} · {t(`wherePay.types.${account.accountType}`)} · <span className="font-monospace">{account.number}</span>
                  </div>
                  <div className="text-body-secondary text-break">
                    {account.holder}
                    {account.rnc ? ` · RNC ${account.rnc}` : ''} · {account.propertyName ?? t('accounts.wholeOrganization')}
                  </div>
                </div>
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing({ account })} aria-label={t('accounts.editLabel', { number: account.number })}>
                  <Pencil size={14} aria-hidden />
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => setRemoving(account)} aria-label={t('accounts.removeLabel', { number: account.number })}>
                  <Trash2 size={14} aria-hidden />
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
      <FormDialog show={editing !== null} onClose={() => setEditing(null)} title={editing?.account ? t('accounts.editTitle') : t('accounts.addTitle')}>
        {editing && <AccountForm account={editing.account} onClose={() => setEditing(null)} />}
      </FormDialog>
      <ConfirmDialog
        show={removing !== null}
        title={t('accounts.removeTitle')}
        confirmLabel={t('accounts.remove')}
        variant="danger"
        pending={remove.isPending}
        refusal={remove.error ? errorMessage(remove.error) : null}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing.id)}
      >
        {removing && t('accounts.removeQuestion', { bank: BANK_LABELS[removing.bank], number: removing.number })}
      </ConfirmDialog>
    </Card>
  );
}

function AccountForm({ account, onClose }: { account: TransferAccountView | null; onClose: () => void }) {
  const { t } = useTranslation('collections');
  const queryClient = useQueryClient();
  const ids = useId();
  const [values, setValues] = useState<TransferAccountInput>(account ? { propertyId: account.propertyId, bank: account.bank, accountType: account.accountType, number: account.number, holder: account.holder, rnc: account.rnc } : EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: TransferAccountInput) => (account ? api.put<TransferAccountView>(`/api/transfer-accounts/${account.id}`, body) : api.post<TransferAccountView>('/api/transfer-accounts', body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: transferAccountsQueryKey() });
      toast({ title: t('accounts.saved'), variant: 'success' });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error, 400)) setFields(error.fields);
      else toast({ title: t('accounts.saveError'), description: errorMessage(error), variant: 'destructive' });
    },
  });
  const set = (patch: Partial<TransferAccountInput>) => setValues((current) => ({ ...current, ...patch }));
  const field = (name: keyof TransferAccountInput, label: string, control: React.ReactNode) => (
    <Form.Group controlId={`${ids}-${name}`} className="mb-3">
      <Form.Label>{label}</Form.Label>
      {control}
      {fields[name] && (
        <Form.Control.Feedback type="invalid" className="d-block" id={`${ids}-${name}-error`}>
          {fields[name]}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
  const invalid = (name: string) => ({ isInvalid: Boolean(fields[name]), 'aria-invalid': Boolean(fields[name]), 'aria-describedby': fields[name] ? `${ids}-${name}-error` : undefined });
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setFields({});
        save.mutate({ ...values, rnc: values.rnc?.trim() || null });
      }}
    >
      <Modal.Body>
        {field(
          'bank',
          t('accounts.bank'),
          <Form.Select value={values.bank} onChange={(event) => set({ bank: event.target.value as TransferAccountInput['bank'] })} {...invalid('bank')}>
            {BANKS.map((bank) => (
              <option key={bank} value={bank}>
                {BANK_LABELS[bank]}
              </option>
            ))}
          </Form.Select>,
        )}
        {field(
          'accountType',
          t('accounts.type'),
          <Form.Select value={values.accountType} onChange={(event) => set({ accountType: event.target.value as TransferAccountInput['accountType'] })} {...invalid('accountType')}>
            {ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`wherePay.types.${type}`)}
              </option>
            ))}
          </Form.Select>,
        )}
        {field('number', t('wherePay.number'), <Form.Control inputMode="numeric" maxLength={50} value={values.number} onChange={(event) => set({ number: event.target.value })} {...invalid('number')} data-testid="account-number" />)}
        {field('holder', t('wherePay.holder'), <Form.Control maxLength={100} value={values.holder} onChange={(event) => set({ holder: event.target.value })} {...invalid('holder')} data-testid="account-holder" />)}
        {field('rnc', t('accounts.rncOptional'), <Form.Control inputMode="numeric" maxLength={50} value={values.rnc ?? ''} onChange={(event) => set({ rnc: event.target.value })} {...invalid('rnc')} data-testid="account-rnc" />)}
        <PropertySelect className="mb-0" label={t('accounts.property')} emptyLabel={t('accounts.wholeOrganization')} value={values.propertyId} onChange={(propertyId) => set({ propertyId })} error={fields.propertyId ? { message: fields.propertyId } : undefined} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel={t('common:status.saving')}>
          {t('accounts.save')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
