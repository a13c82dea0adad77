import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, Download } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { downloadFile } from '@client/lib/download';
import { useFormatDate } from '@client/lib/format';
import { useLiveEvents } from '@client/lib/live-events';
import { exportLink, exportQueryKey, startExport, useExport, type ExportJob } from '../api/exports';

/**
 * "Exportar todo" (system settings): the organization, or one property, as a zip of CSVs built
 * by the worker. Its status shows here until it is ready (then a download button); the inbox
 * links it back here (`?exportId=`) for the 24 hours it is kept.
 */
export function ExportTab() {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const [propertyId, setPropertyId] = useState<number | null>(null);
  // The inbox links an export as `?exportId=`: its status (and zip) show at once.
  const [params] = useSearchParams();
  const linked = Number(params.get('exportId'));
  const [jobId, setJobId] = useState<number | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const job = useExport(jobId);
  const start = useMutation({
    mutationFn: () => startExport(propertyId),
    onSuccess: (started) => {
      queryClient.setQueryData(exportQueryKey(started.id), started);
      setJobId(started.id);
    },
  });

  useLiveEvents((event) => {
    if (event.type === 'export.ready' && jobId !== null && Number(event.payload.id ?? event.subjectId) === jobId) {
      void queryClient.invalidateQueries({ queryKey: exportQueryKey(jobId) });
    }
  });

  const building = start.isPending || (job.data && (job.data.status === 'pending' || job.data.status === 'building'));
  return (
    <section aria-labelledby="export-heading" style={{ maxWidth: '40rem' }}>
      <h2 id="export-heading" className="h5">
        {t('export.title')}
      </h2>
      <p className="text-body-secondary">{t('export.description')}</p>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate();
        }}
      >
        <PropertySelect label={t('export.scope')} emptyLabel={t('export.wholeOrganization')} value={propertyId} onChange={setPropertyId} />
        <Button type="submit" disabled={Boolean(building)} aria-busy={Boolean(building)} className="d-inline-flex align-items-center gap-2">
          <Archive size={16} aria-hidden />
          {t('export.start')}
        </Button>
      </Form>
      {start.isError && (
        <Alert variant="danger" className="mt-3">
          {errorMessage(start.error)}
        </Alert>
      )}
      {job.isError && (
        <Alert variant="warning" className="mt-3">
          {errorMessage(job.error)}
        </Alert>
      )}
      {job.data && <ExportStatus job={job.data} />}
    </section>
  );
}

function ExportStatus({ job }: { job: ExportJob }) {
  const { t } = useTranslation('onboarding');
  const formatDate = useFormatDate();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile({ path: exportLink(job), fileName: job.fileName ?? `vecindad-exportacion-${job.id}.zip` });
    } catch (error) {
      toast({ title: t('export.downloadFailed'), description: errorMessage(error), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="border rounded-3 p-3 mt-3" role="status" aria-live="polite" data-testid="export-status">
      {(job.status === 'pending' || job.status === 'building') && (
        <div className="d-flex align-items-center gap-2">
          <Spinner size="sm" aria-hidden />
          <span>{t('export.building')}</span>
        </div>
      )}
      {job.status === 'ready' && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">
            {t('export.ready')}
            {job.expiresAt && <span className="d-block small text-body-secondary">{t('export.expires', { when: formatDate(job.expiresAt) })}</span>}
          </span>
          <Button variant="success" onClick={() => void download()} disabled={downloading} aria-busy={downloading} className="d-inline-flex align-items-center gap-1">
            <Download size={16} aria-hidden />
            {t('export.download')}
          </Button>
        </div>
      )}
      {job.status === 'failed' && <span className="text-danger-emphasis">{job.failure ?? t('export.failed')}</span>}
      {job.status === 'expired' && <span>{t('export.expired')}</span>}
      {job.status !== 'ready' && job.status !== 'failed' && job.status !== 'expired' && <p className="small text-body-secondary mb-0 mt-2">{t('export.inbox')}</p>}
    </div>
  );
}
