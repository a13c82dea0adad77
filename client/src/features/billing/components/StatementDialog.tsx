import { useMutation } from '@tanstack/react-query';
import { Award, Download, FileSpreadsheet } from 'lucide-react';
import { Button, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useCsvDownload } from '@client/hooks/use-csv-download';
import { useLastShown } from '@client/hooks/use-last-shown';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { downloadFile } from '@client/lib/download';
import { formatMoney, useFormatDate } from '@client/lib/format';
import { useStatement } from '../api/queries';
import type { StatementEntry } from '../api/types';
import { UnitReminders } from './UnitReminders';
import { UnitAgreements } from './UnitAgreements';
import { useCurrentUser } from '@client/lib/auth';
import { can } from '@shared/permissions';

/** A unit's statement (estado de cuenta): every charge, payment and refund with the running balance; PDF and CSV. */
export function StatementDialog({ unitId, onClose }: { unitId: number | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const shown = useLastShown(unitId);
  const statement = useStatement(shown);
  const manager = can(useCurrentUser(), 'billing.manage');
  const download = useCsvDownload();
  // The no-debt certificate: refused (409, with what is owed) while the unit has overdue balance.
  const certificate = useMutation({
    mutationFn: downloadFile,
    onSuccess: () => toast({ title: t('certificate.downloaded'), variant: 'success' }),
    onError: (error) => toast({ title: t('certificate.refused'), description: errorMessage(error), variant: 'destructive' }),
  });
  const name = statement.data ? `${statement.data.unit.propertyName} · ${statement.data.unit.unitNumber}` : '';
  return (
    <Modal show={unitId !== null} onHide={onClose} size="xl" fullscreen="lg-down" aria-labelledby="statement-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="statement-title" as="h2" className="h5">
          {t('statement.title')} {name && <span className="text-body-secondary">— {name}</span>}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {statement.isPending ? (
          <Loading />
        ) : statement.isError ? (
          <ErrorCard title={t('errors.statement')} error={statement.error} onRetry={() => void statement.refetch()} />
        ) : !statement.data.entries.length ? (
          <EmptyState title={t('statement.emptyTitle')} description={t('statement.empty')} />
        ) : (
          <>
            <Table responsive hover size="sm" className="align-middle" data-testid="statement-table">
              <caption className="visually-hidden">{t('statement.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('table.date')}</th>
                  <th scope="col">{t('table.number')}</th>
                  <th scope="col">{t('table.concept')}</th>
                  <th scope="col" className="text-end">{t('statement.charge')}</th>
                  <th scope="col" className="text-end">{t('statement.payment')}</th>
                  <th scope="col" className="text-end">{t('table.balance')}</th>
                </tr>
              </thead>
              <tbody>
                {[...statement.data.entries].reverse().map((entry) => (
                  <StatementRow key={`${entry.kind}-${entry.id}`} entry={entry} />
                ))}
              </tbody>
            </Table>
            <p className="mb-0 fw-semibold" data-testid="statement-closing">
              {statement.data.closingBalance < 0
                ? t('statement.credit', { amount: formatMoney(-statement.data.closingBalance) })
                : t('statement.closing', { amount: formatMoney(statement.data.closingBalance) })}
            </p>
          </>
        )}
        <UnitAgreements unitId={shown} name={name} manager={manager} />
        <UnitReminders unitId={shown} />
      </Modal.Body>
      <Modal.Footer>
        <Button
          variant="outline-success"
          disabled={shown === null || certificate.isPending}
          onClick={() => certificate.mutate({ path: `/api/units/${shown}/no-debt-certificate.pdf`, fileName: 'certificado-no-deuda.pdf' })}
          className="d-inline-flex align-items-center gap-2 me-sm-auto"
          data-testid="certificate-button"
        >
          {certificate.isPending ? <Spinner size="sm" aria-hidden /> : <Award size={16} aria-hidden />}
          {t('certificate.download')}
        </Button>
        <Button
          variant="outline-secondary"
          disabled={shown === null || download.pending}
          onClick={() => download.download({ path: `/api/units/${shown}/statement.csv`, fileName: 'estado-de-cuenta.csv' })}
          className="d-inline-flex align-items-center gap-2"
        >
          <FileSpreadsheet size={16} aria-hidden />
          {t('statement.csv')}
        </Button>
        <Button
          disabled={shown === null || download.pending}
          onClick={() => download.download({ path: `/api/units/${shown}/statement.pdf`, fileName: 'estado-de-cuenta.pdf' })}
          className="d-inline-flex align-items-center gap-2"
        >
          {download.pending ? <Spinner size="sm" aria-hidden /> : <Download size={16} aria-hidden />}
          {t('statement.pdf')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function StatementRow({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  const concept =
    entry.kind === 'payment'
      ? t('statement.paymentOf', { method: t(`methods.${entry.method}`) }) + (entry.reference ? ` · ${entry.reference}` : '')
      : entry.kind === 'refund'
        ? t('statement.refundOf', { number: entry.number, reason: entry.description })
        : entry.kind === 'credit_note'
          ? t('statement.creditNoteOf', { number: entry.number, reason: entry.description })
          : (entry.description ?? t(`types.${entry.type}`));
  return (
    <tr>
      <td className="text-nowrap">{formatDate(entry.date, 'day')}</td>
      <td className="text-nowrap">{entry.number}</td>
      <td>{concept}</td>
      <td className="text-end text-nowrap">{entry.charge ? formatMoney(entry.charge) : ''}</td>
      <td className="text-end text-nowrap text-success">{entry.payment ? formatMoney(entry.payment) : ''}</td>
      <td className="text-end text-nowrap fw-semibold">{formatMoney(entry.balance)}</td>
    </tr>
  );
}
