import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { useAssembliesLive, useAssembly } from '../api/assemblies';
import { QuorumView, TallyView } from '../components/Live';

/** The projector: large type, the live quorum and the open (else the last closed) item's tally; unit counts only, no names. */
export default function AssemblyRoomPage() {
  const { t } = useTranslation('assemblies');
  const id = Number(useParams().id);
  const detail = useAssembly(id);
  useAssembliesLive();
  if (detail.isPending) return <Loading label={t('loading')} />;
  if (detail.isError) return <ErrorCard error={detail.error} onRetry={() => void detail.refetch()} />;
  const assembly = detail.data;
  const open = assembly.items.find((item) => item.status === 'open');
  const shown = open ?? [...assembly.items].reverse().find((item) => item.status === 'closed');
  return (
    <main className="py-3" data-testid="room-screen" aria-label={t('room.title')}>
      <div className="d-flex justify-content-between align-items-start">
        <h1 className="display-4 fw-bold">{assembly.title}</h1>
        <Link to={`/assemblies/${assembly.id}`} className="small">
          {t('room.back')}
        </Link>
      </div>
      <p className="fs-3 text-body-secondary">{t(`status.${assembly.status}`)}</p>
      <QuorumView quorum={assembly.quorum} large />
      <hr className="my-4" />
      {shown ? (
        <section aria-labelledby="room-item" data-testid="room-item" data-item-id={shown.id}>
          <h2 id="room-item" className="display-6 fw-semibold">
            {shown.position}. {shown.title} <span className="fs-3 text-body-secondary">({t(`itemStatus.${shown.status}`)})</span>
          </h2>
          <TallyView tally={shown.result ?? shown.tally} options={shown.options} large label={t('tally.label', { title: shown.title })} />
          {shown.result && (
            <p className="display-6 mt-3">{shown.result.tie ? t('result.tie') : shown.result.passed ? t('result.passed', { option: shown.result.winner }) : t('result.failed')}</p>
          )}
        </section>
      ) : (
        <p className="fs-2 text-body-secondary">{t('room.noItem')}</p>
      )}
    </main>
  );
}
