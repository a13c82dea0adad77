import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Landmark } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { api } from '@client/lib/api';
import { transferAccountsQueryKey } from '@client/lib/query-keys';
import { BANK_LABELS } from '@shared/financesBank';
import type { TransferAccountView } from '@shared/schemas/agreements';

/** GET /api/transfer-accounts: the organization's accounts, and its properties' the user reaches. */
export const useTransferAccounts = (enabled = true) =>
  useQuery({ queryKey: transferAccountsQueryKey(), queryFn: () => api.get<TransferAccountView[]>('/api/transfer-accounts'), enabled });

/**
 * "Dónde pagar": the bank accounts to transfer to, each with its bank, type, number, holder and
 * RNC and a copy button for what people type into their bank's app. Used by the transfer
 * dialog and the resident's home (docs/modules/collections.md). Shows nothing while the
 * organization has none; a short note when they cannot be loaded.
 */
export function WhereToPay({ className = '', propertyId = null }: { className?: string; /** Only the organization's and this property's. */ propertyId?: number | null }) {
  const { t } = useTranslation('collections');
  const accounts = useTransferAccounts();
  if (accounts.isPending) {
    return (
      <Placeholder as="div" animation="glow" className={className} aria-hidden>
        <Placeholder xs={12} style={{ height: '4rem' }} className="rounded" />
      </Placeholder>
    );
  }
  if (accounts.isError) return <p className={`small text-body-secondary ${className}`}>{t('wherePay.loadError')}</p>;
  const shown = accounts.data.filter((account) => propertyId === null || account.propertyId === null || account.propertyId === propertyId);
  if (!shown.length) return null;
  return (
    <section className={className} aria-labelledby="where-to-pay-title" data-testid="where-to-pay">
      <h3 id="where-to-pay-title" className="h6 d-flex align-items-center gap-2 mb-2">
        <Landmark size={16} aria-hidden />
        {t('wherePay.title')}
      </h3>
      <div className="d-grid gap-2">
        {shown.map((account) => (
          <Card key={account.id} body className="small" data-testid="transfer-account">
            <div className="fw-semibold">
              {BANK_LABELS[account.bank]} · {t(`wherePay.types.${account.accountType}`)}
              {account.propertyName && <span className="text-body-secondary fw-normal"> · {account.propertyName}</span>}
            </div>
            <CopyLine label={t('wherePay.number')} value={account.number} mono />
            <CopyLine label={t('wherePay.holder')} value={account.holder} />
            {account.rnc && <CopyLine label={t('wherePay.rnc')} value={account.rnc} mono />}
          </Card>
        ))}
      </div>
    </section>
  );
}

function CopyLine({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  const { t } = useTranslation('collections');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="d-flex align-items-center justify-content-between gap-2 mt-1">
      <div className="min-w-0">
        <span className="text-body-secondary">{label}: </span>
        <span className={`text-break user-select-all ${mono ? 'font-monospace' : ''}`}>{value}</span>
      </div>
      <Button
        variant="outline-secondary"
        size="sm"
        className="d-inline-flex align-items-center gap-1 flex-shrink-0"
        onClick={() => void copy()}
        aria-label={t('wherePay.copyLabel', { label, value })}
        data-testid="copy-button"
      >
        {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
        <span aria-live="polite">{copied ? t('wherePay.copied') : t('wherePay.copy')}</span>
      </Button>
    </div>
  );
}
