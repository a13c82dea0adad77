import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { PageHeader } from '@client/components/PageHeader';
import { useLiveEvents } from '@client/lib/live-events';
import { IMPORT_KINDS, type ImportKind } from '@shared/onboarding';
import { createImport, importQueryKey, useImport, type Import } from '../api/imports';
import { ImportFileStep, type StartedUpload } from '../components/ImportFileStep';
import { ImportMappingStep } from '../components/ImportMappingStep';
import { ImportPreviewStep } from '../components/ImportPreviewStep';
import { ImportResultStep } from '../components/ImportResultStep';
import { ImportSteps, type WizardStep } from '../components/ImportSteps';
import '../onboarding.css';

const kindParam = (value: string | null): ImportKind => (IMPORT_KINDS.includes(value as ImportKind) ? (value as ImportKind) : 'units');

/**
 * /import ("Importar", docs/modules/onboarding.md): a file -> its columns' mapping (guessed,
 * editable) -> the dry run's preview, errors by row and field -> apply (the worker's live
 * progress for big files) -> the result, error rows as CSV. `?kind=&property=` choose what is
 * imported (the units, residents and properties screens link here); `?id=` is an import under
 * way, so a reload resumes it.
 */
export default function ImportPage() {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ? Number(params.get('id')) : null;
  const stored = useImport(id);
  const [step, setStep] = useState<WizardStep>(id ? 'preview' : 'file');
  const heading = useRef<HTMLHeadingElement>(null);
  // The file last sent, kept to read another sheet of it.
  const [upload, setUpload] = useState<StartedUpload | null>(null);


  // An import applied (or failing) elsewhere, or by the worker: its progress and end, live.
  useLiveEvents((event) => {
    if ((event.type === 'import.progress' || event.type === 'import.finished') && id !== null && Number(event.payload.id ?? event.subjectId) === id) {
      if (event.type === 'import.progress' && typeof event.payload.progress === 'number') {
        queryClient.setQueryData<Import>(importQueryKey(id), (old) => (old ? { ...old, status: 'applying', progress: event.payload.progress as number } : old));
      } else void queryClient.invalidateQueries({ queryKey: importQueryKey(id) });
    }
  });

  const started = (created: Import, sent: StartedUpload) => {
    setUpload(sent);
    queryClient.setQueryData(importQueryKey(created.id), created);
    setParams((old) => {
      const next = new URLSearchParams(old);
      next.set('id', String(created.id));
      return next;
    });
    setStep('mapping');
  };
  const otherSheet = useMutation({
    mutationFn: (sheet: string) => createImport({ ...upload!, sheet }),
    onSuccess: (created) => started(created, upload!),
  });
  const restart = () => {
    setParams((old) => {
      const next = new URLSearchParams(old);
      next.delete('id');
      if (stored.data) {
        next.set('kind', stored.data.kind);
        next.set('property', String(stored.data.propertyId));
      }
      return next;
    });
    setStep('file');
  };

  const current = id === null ? null : stored.data;
  const shownStep: WizardStep = current && current.status !== 'previewed' ? 'result' : step;

  // Each new step's heading takes the focus, so a screen reader hears where the wizard went
  // (not on opening: the page's own heading comes first).
  const lastStep = useRef(shownStep);
  useEffect(() => {
    if (lastStep.current !== shownStep) heading.current?.focus();
    lastStep.current = shownStep;
  }, [shownStep]);
  let content;
  if (id !== null && stored.isPending) content = <Loading />;
  else if (id !== null && stored.isError) content = <ErrorCard title={t('loadError')} error={stored.error} onRetry={() => void stored.refetch()} />;
  else if (shownStep === 'file' || !current) {
    content = <ImportFileStep kind={kindParam(params.get('kind'))} propertyId={params.get('property') ? Number(params.get('property')) : null} onStarted={started} />;
  } else if (shownStep === 'mapping') content = (
      <ImportMappingStep
        stored={current}
        onBack={restart}
        onPreviewed={() => setStep('preview')}
        onSheet={upload ? (sheet) => otherSheet.mutate(sheet) : undefined}
        sheetPending={otherSheet.isPending}
        sheetError={otherSheet.error}
      />
    );
  else if (shownStep === 'preview') content = <ImportPreviewStep stored={current} onBack={() => setStep('mapping')} />;
  else content = <ImportResultStep stored={current} onAnother={restart} />;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link to="/properties" className="btn btn-outline-secondary">
            {t('backToProperties')}
          </Link>
        }
      />
      <ImportSteps current={shownStep} />
      <section aria-labelledby="import-step-heading" className="vec-import-step">
        <h2 id="import-step-heading" ref={heading} tabIndex={-1} className="h5 mb-3">
          {t(`steps.${shownStep}`)}
        </h2>
        {content}
      </section>
    </>
  );
}
