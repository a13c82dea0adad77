import { ListTree, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ACCOUNT_KINDS } from '@shared/books';
import { AccountCreateSchema, type AccountView } from '@shared/schemas/financesBooks';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { CheckboxField } from '@client/components/form/CheckboxField';
import { SelectField } from '@client/components/form/SelectField';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { zodResolver } from '@client/components/form/zod-resolver';
import { DataList, type DataColumn } from '@client/components/list/DataList';
import { RowActionsMenu } from '@client/components/list/RowActionsMenu';
import { toast } from '@client/components/toast/toast';
import { useAccounts, useSaveAccount } from '../api';

/** The organization's chart of accounts; add an account, rename or deactivate one. */
export function AccountsView() {
  const { t } = useTranslation('financesStatements');
  const accounts = useAccounts();
  const [editing, setEditing] = useState<{ account: AccountView | null } | null>(null);
  const columns: DataColumn<AccountView>[] = [
    { id: 'code', header: t('table.code'), className: 'text-nowrap', cell: (account) => account.code },
    {
      id: 'name',
      header: t('table.account'),
      card: 'title',
      cell: (account) => (
        <span className="fw-semibold">
          {account.name} {!account.active && <Badge bg="secondary">{t('accounts.inactive')}</Badge>}
        </span>
      ),
    },
    { id: 'kind', header: t('table.kind'), cell: (account) => t(`kinds.${account.kind}`) },
  ];
  const items = accounts.data;
  return (
    <section aria-label={t('views.accounts')}>
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={() => setEditing({ account: null })} className="d-inline-flex align-items-center gap-2">
          <Plus size={18} aria-hidden />
          {t('accounts.add')}
        </Button>
      </div>
      <DataList
        columns={columns}
        query={{ ...accounts, data: items && { items, total: items.length }, isPlaceholderData: false }}
        rowKey={(account) => account.id}
        caption={t('accounts.caption')}
        actions={(account) => <RowActionsMenu name={account.name} actions={[{ label: t('accounts.edit'), icon: Pencil, onClick: () => setEditing({ account }) }]} />}
        errorTitle={t('error')}
        empty={{ icon: ListTree, title: t('accounts.emptyTitle') }}
        testId="accounts"
        rowTestId="account-row"
      />
      <FormDialog show={editing !== null} onClose={() => setEditing(null)} title={editing?.account ? t('accounts.editTitle') : t('accounts.createTitle')}>
        <AccountForm account={editing?.account ?? null} onClose={() => setEditing(null)} />
      </FormDialog>
    </section>
  );
}

const AccountFormSchema = AccountCreateSchema.pick({ code: true, name: true, kind: true }).extend({ active: z.boolean() });
type AccountFormInput = z.input<typeof AccountFormSchema>;
type AccountFormOutput = z.output<typeof AccountFormSchema>;

function AccountForm({ account, onClose }: { account: AccountView | null; onClose: () => void }) {
  const { t } = useTranslation('financesStatements');
  const save = useSaveAccount();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<AccountFormInput, unknown, AccountFormOutput>({
    resolver: zodResolver(AccountFormSchema),
    defaultValues: { code: account?.code ?? '', name: account?.name ?? '', kind: account?.kind ?? 'expense', active: account?.active ?? true },
  });
  const onSubmit = handleSubmit(({ active, ...values }) => {
    // A new account is active; the kind of an account with postings is kept by the server (409).
    const body = account ? { ...values, ...(values.kind === account.kind ? { kind: undefined } : {}), active } : values;
    save.mutate(
      { id: account?.id ?? null, body },
      {
        onSuccess: () => {
          toast({ title: t('accounts.saved'), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, ['code', 'name', 'kind'], t('accounts.failed')),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Modal.Body>
        <TextField label={t('accounts.code')} registration={register('code')} error={errors.code} inputMode="numeric" hint={t('accounts.codeHint')} />
        <TextField label={t('accounts.name')} registration={register('name')} error={errors.name} />
        <SelectField label={t('accounts.kind')} registration={register('kind')} error={errors.kind} options={ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))} />
        {account && <CheckboxField type="switch" label={t('accounts.active')} registration={register('active')} />}
      </Modal.Body>
      <FormDialogFooter pending={save.isPending} onCancel={onClose} submitLabel={t('accounts.save')} />
    </form>
  );
}
