import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Pager } from '@client/components/Pager';
import { toast } from '@client/components/toast/toast';
import { ApiError, errorMessage } from '@client/lib/api';
import { downloadFile } from '@client/lib/download';
import { applyImport, errorsCsvPath, importQueryKey, type Import } from '../api/imports';
import { ImportRowsTable } from './ImportRowsTable';
import { ImportTotals } from './ImportTotals';

const PAGE_SIZE = 50;

/**
 * Step 3: the dry run. Totals at the top; every row as create / update / unchanged / error, the
 * fields in error marked with their reason; then how to apply (all or nothing, or skip the
 * rows in error) and, for people, whether to send them invitations.
 */
export function ImportPreviewStep({ stored, onBack }: { stored: Import; onBack: () => void }) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const [onlyErrors, setOnlyErrors] = useState(stored.totals.error > 0);
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<'all' | 'valid'>('all');
  const [invite, setInvite] = useState(false);
  const apply = useMutation({
    mutationFn: () => applyImport(stored.id, { mode, invite }),
    onSuccess: (updated) => queryClient.setQueryData(importQueryKey(stored.id), updated),
    onError: (error) => {
      // Rows changed since the preview: the server planned them again; show that.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: importQueryKey(stored.id) });
    },
  });
  const errors = stored.totals.error;
  const writable = stored.totals.create + stored.totals.update;
  const rows = onlyErrors ? stored.rows.filter((row) => row.outcome === 'error') : stored.rows;
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const blocked = (errors > 0 && mode === 'all') || writable === 0;

  return (
    <>
      <ImportTotals totals={stored.totals} />
      {errors > 0 && (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{t('preview.hasErrors', { count: errors })}</span>
          <Button
            size="sm"
            variant="outline-dark"
            className="d-inline-flex align-items-center gap-1"
            onClick={() =>
              void downloadFile({ path: errorsCsvPath(stored.id), fileName: `errores-importacion-${stored.id}.csv` }).catch((error) =>
                toast({ title: t('result.downloadFailed'), description: errorMessage(error), variant: 'destructive' }),
              )
            }
          >
            <Download size={14} aria-hidden />
            {t('result.downloadErrors')}
          </Button>
        </Alert>
      )}
      <Form.Check
        type="switch"
        id="import-only-errors"
        className="mb-2"
        label={t('preview.onlyErrors')}
        checked={onlyErrors}
        disabled={errors === 0}
        onChange={(event) => {
          setOnlyErrors(event.target.checked);
          setPage(1);
        }}
      />
      <ImportRowsTable stored={stored} rows={shown} />
      <Pager page={page} pageSize={PAGE_SIZE} total={rows.length} onChange={setPage} label={t('preview.pagerLabel')} />

      <fieldset className="mt-4">
        <legend className="h6">{t('preview.howTitle')}</legend>
        <Form.Check type="radio" id="import-mode-all" name="import-mode" label={t('preview.modeAll')} checked={mode === 'all'} onChange={() => setMode('all')} />
        <Form.Check type="radio" id="import-mode-valid" name="import-mode" label={t('preview.modeValid')} checked={mode === 'valid'} onChange={() => setMode('valid')} />
        {stored.kind === 'people' && (
          <Form.Check className="mt-2" id="import-invite" label={t('preview.invite')} checked={invite} onChange={(event) => setInvite(event.target.checked)} />
        )}
      </fieldset>
      {blocked && (
        <p className="small text-body-secondary mt-2 mb-0" id="import-blocked">
          {writable === 0 ? t('preview.nothingToWrite') : t('preview.fixFirst')}
        </p>
      )}
      {apply.isError && (
        <Alert variant="danger" className="mt-3">
          {errorMessage(apply.error)}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button variant="outline-secondary" onClick={onBack} disabled={apply.isPending}>
          {t('preview.back')}
        </Button>
        <Button onClick={() => apply.mutate()} disabled={blocked || apply.isPending} aria-busy={apply.isPending} aria-describedby={blocked ? 'import-blocked' : undefined}>
          {apply.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
          {apply.isPending ? t('preview.applying') : t('preview.apply', { count: writable })}
        </Button>
      </div>
    </>
  );
}
