import { useState } from 'react';
import { Button, Card, Form, Table } from 'react-bootstrap';
import { Gavel, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@client/components/EmptyState';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { Pager } from '@client/components/Pager';
import { useCurrentUser } from '@client/lib/auth';
import { useFormatDate } from '@client/lib/format';
import { ASSEMBLY_STATUSES, type AssemblyStatus } from '@shared/assemblies';
import { can } from '@shared/permissions';
import { ASSEMBLIES_PAGE_SIZE, useAssemblies, useAssembliesLive } from '../api/assemblies';
import { NewAssemblyDialog } from '../components/NewAssemblyDialog';
import { StatusBadge } from '../components/StatusBadge';

/** Assemblies the user may read: administrators all of theirs (drafts too), owners and residents their property's convened or later. */
export default function AssembliesPage() {
  const { t } = useTranslation('assemblies');
  const user = useCurrentUser();
  const formatDate = useFormatDate();
  const [params, setParams] = useSearchParams();
  const status = (ASSEMBLY_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as AssemblyStatus) : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [creating, setCreating] = useState(false);
  const list = useAssemblies(status, page);
  useAssembliesLive();
  const manages = can(user, 'assemblies.manage');
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          manages && (
            <Button onClick={() => setCreating(true)}>
              <Plus size={16} aria-hidden /> {t('new.button')}
            </Button>
          )
        }
      />
      <div className="d-flex gap-2 mb-3" role="search">
        <Form.Select aria-label={t('fields.status')} value={status ?? ''} onChange={(e) => setParam('status', e.target.value || null)} style={{ maxWidth: '16rem' }}>
          <option value="">{t('filters.allStatuses')}</option>
          {ASSEMBLY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`)}
            </option>
          ))}
        </Form.Select>
      </div>
      {list.isPending ? (
        <Loading label={t('loading')} />
      ) : list.isError ? (
        <ErrorCard error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={Gavel} title={t('empty.title')} description={manages ? t('empty.admin') : t('empty.member')} />
      ) : (
        <>
          <Table responsive hover className="d-none d-md-table align-middle">
            <thead>
              <tr>
                <th scope="col">{t('fields.title')}</th>
                <th scope="col">{t('fields.property')}</th>
                <th scope="col">{t('fields.firstCallAt')}</th>
                <th scope="col">{t('fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((assembly) => (
                <tr key={assembly.id}>
                  <td>
                    <Link to={`/assemblies/${assembly.id}`}>{assembly.title}</Link>
                    <div className="small text-body-secondary">{t(`kind.${assembly.kind}`)}</div>
                  </td>
                  <td>{assembly.propertyName}</td>
                  <td>{formatDate(assembly.firstCallAt)}</td>
                  <td>
                    <StatusBadge status={assembly.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <div className="d-md-none d-grid gap-2">
            {list.data.items.map((assembly) => (
              <Card key={assembly.id} data-testid="assembly-card">
                <Card.Body>
                  <div className="d-flex justify-content-between gap-2">
                    <Link to={`/assemblies/${assembly.id}`} className="fw-semibold stretched-link">
                      {assembly.title}
                    </Link>
                    <StatusBadge status={assembly.status} />
                  </div>
                  <div className="small text-body-secondary">
                    {assembly.propertyName} · {formatDate(assembly.firstCallAt)}
                  </div>
                </Card.Body>
              </Card>
            ))}
          </div>
          <Pager page={page} pageSize={ASSEMBLIES_PAGE_SIZE} total={list.data.total} onChange={(next) => setParam('page', String(next))} label={t('pager')} />
        </>
      )}
      <NewAssemblyDialog show={creating} onClose={() => setCreating(false)} />
    </>
  );
}
