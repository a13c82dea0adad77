import { useState } from 'react';
import { Alert, Button, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FileDown, FileText } from 'lucide-react';
import { can } from '@shared/permissions';
import type { Language } from '@shared/messages';
import { todayThere } from '@shared/time';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { FinancesNav } from '../../FinancesNav';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/auth';
import { downloadFile } from '@client/lib/download';
import { formatDate } from '@client/lib/format';
import { reportPdfPath, useMonthlyReport, usePropertyParam, usePublishedReports, useFinancesCloseLive } from '../api';
import { NoProperty, PropertyPicker } from '../components/PropertyPicker';
import { ReportView } from '../components/ReportView';
import { TransparencySwitch } from '../components/TransparencySwitch';
import { monthLabel } from '../labels';

/**
 * `/finances/reportes`: the owners' monthly report. Administrators pick any month (a closed one
 * shows what was published, an open one today's figures); owners and residents choose among
 * the published reports of their property. The PDF is the same report.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('financesClose');
  const language = i18n.language as Language;
  const manager = can(useCurrentUser(), 'finances.manage');
  useFinancesCloseLive();
  const [propertyId, setPropertyId] = usePropertyParam();
  const [params, setParams] = useSearchParams();
  const published = usePublishedReports(propertyId);
  const month = params.get('month') ?? (manager ? todayThere().slice(0, 7) : (published.data?.items[0]?.month ?? null));
  const report = useMonthlyReport(propertyId, month);
  const [downloading, setDownloading] = useState(false);

  const chooseMonth = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('month', value);
      return next;
    });
  const download = async () => {
    if (!propertyId || !month) return;
    setDownloading(true);
    try {
      await downloadFile({ path: reportPdfPath(propertyId, month), fileName: `informe-${month}.pdf` });
    } catch (error) {
      toast({ title: errorMessage(error), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div>
      <PageHeader
        title={t('reports.title')}
        description={manager ? t('reports.description') : t('reports.residentDescription')}
        actions={
          report.data && (
            <Button variant="outline-primary" onClick={download} disabled={downloading}>
              <FileDown size={16} className="me-1" aria-hidden />
              {t('reports.pdf')}
            </Button>
          )
        }
      />
      {manager && <FinancesNav />}
      {manager && <TransparencySwitch />}
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <PropertyPicker value={propertyId} onChange={setPropertyId} />
        {manager && propertyId && (
          <Form.Group controlId="report-month">
            <Form.Label>{t('reports.month')}</Form.Label>
            <Form.Control type="month" value={month ?? ''} max={todayThere().slice(0, 7)} onChange={(event) => event.target.value && chooseMonth(event.target.value)} />
          </Form.Group>
        )}
      </div>
      {!propertyId ? (
        <NoProperty />
      ) : (
        <div className="row g-3">
          <div className="col-lg-3">
            <h2 className="h6">{t('reports.published')}</h2>
            {published.isPending ? (
              <Loading />
            ) : published.isError ? (
              <ErrorCard error={published.error} onRetry={() => published.refetch()} />
            ) : published.data.items.length === 0 ? (
              <EmptyState icon={FileText} title={t('reports.none')} description={t('reports.noneHint')} />
            ) : (
              <ListGroup>
                {published.data.items.map((item) => (
                  <ListGroup.Item key={item.id} action active={item.month === month} onClick={() => chooseMonth(item.month)} aria-current={item.month === month}>
                    <div className="text-capitalize fw-semibold">{monthLabel(item.month, language)}</div>
                    <div className="small">{t('reports.publishedOn', { date: formatDate(item.publishedAt, 'day', language) })}</div>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </div>
          <div className="col-lg-9">
            {!month ? null : report.isPending ? (
              <Loading />
            ) : report.isError ? (
              isApiError(report.error, 404) ? (
                <EmptyState icon={FileText} title={t('reports.notFound')} />
              ) : (
                <ErrorCard error={report.error} onRetry={() => report.refetch()} />
              )
            ) : (
              <>
                <h2 className="h4 text-capitalize">
                  {report.data.propertyName} · {monthLabel(report.data.month, language)}
                </h2>
                {report.data.published ? (
                  <p className="text-body-secondary">{t('reports.publishedOn', { date: formatDate(report.data.published.publishedAt, 'day', language) })}</p>
                ) : (
                  <Alert variant="info">{t('reports.notPublished')}</Alert>
                )}
                <ReportView report={report.data} />
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
