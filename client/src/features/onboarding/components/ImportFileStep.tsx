import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { PropertySelect } from '@client/components/form/PropertySelect';
import { toast } from '@client/components/toast/toast';
import { ApiError, errorMessage } from '@client/lib/api';
import { downloadFile } from '@client/lib/download';
import { readAsBase64 } from '@client/lib/files';
import { IMPORT_KINDS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportKind } from '@shared/onboarding';
import { createImport, templatePath, type Import, type ImportFile } from '../api/imports';

export type StartedUpload = { kind: ImportKind; propertyId: number; file: ImportFile };

type ImportFileStepProps = { kind: ImportKind; propertyId: number | null; onStarted: (created: Import, upload: StartedUpload) => void };

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Step 1: what is imported, into which property, from which file (CSV or XLSX); the templates download here. */
export function ImportFileStep({ kind: initialKind, propertyId: initialProperty, onStarted }: ImportFileStepProps) {
  const { t } = useTranslation('onboarding');
  const ids = { kind: useId(), file: useId() };
  const [kind, setKind] = useState<ImportKind>(initialKind);
  const [propertyId, setPropertyId] = useState<number | null>(initialProperty);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({ mutationFn: createImport });

  const template = (format: 'csv' | 'xlsx') =>
    downloadFile({ path: templatePath(kind, format), fileName: `plantilla-${kind}.${format}` }).catch((error) =>
      toast({ title: t('templates.failed'), description: errorMessage(error), variant: 'destructive' }),
    );

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!propertyId) found.propertyId = t('file.propertyRequired');
    if (!file) found.file = t('file.fileRequired');
    else if (file.size > MAX_IMPORT_BYTES) found.file = t('file.tooBig', { mb: MAX_IMPORT_BYTES / 1024 / 1024 });
    else if (!/\.(csv|xlsx)$/i.test(file.name)) found.file = t('file.wrongType');
    setErrors(found);
    if (Object.keys(found).length || !file || !propertyId) return;
    const upload: StartedUpload = { kind, propertyId, file: { fileName: file.name, fileType: file.type || undefined, content: await readAsBase64(file) } };
    create.mutate(upload, {
      onSuccess: (created) => onStarted(created, upload),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length) {
          const fields = error.fields;
          setErrors({
            ...(fields.propertyId ? { propertyId: fields.propertyId } : {}),
            file: Object.entries(fields).filter(([key]) => key !== 'propertyId').map(([, message]) => message).join(' ') || '',
          });
        } else setErrors({ form: errorMessage(error) });
      },
    });
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('steps.file')}>
      <div className="row g-3">
        <div className="col-md-6">
          <Form.Group>
            <Form.Label htmlFor={ids.kind}>{t('file.kind')}</Form.Label>
            <Form.Select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as ImportKind)}>
              {IMPORT_KINDS.map((value) => (
                <option key={value} value={value}>
                  {t(`kinds.${value}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Text>{t(`kindHelp.${kind}`)}</Form.Text>
          </Form.Group>
        </div>
        <div className="col-md-6">
          <PropertySelect
            label={t('file.property')}
            emptyLabel={t('file.chooseProperty')}
            value={propertyId}
            onChange={setPropertyId}
            error={errors.propertyId ? { message: errors.propertyId } : undefined}
            className=""
          />
        </div>
        <div className="col-12">
          <Form.Group>
            <Form.Label htmlFor={ids.file}>{t('file.file')}</Form.Label>
            <Form.Control
              id={ids.file}
              type="file"
              accept={ACCEPT}
              isInvalid={Boolean(errors.file)}
              aria-invalid={Boolean(errors.file)}
              aria-describedby={`${ids.file}-help${errors.file ? ` ${ids.file}-error` : ''}`}
              data-testid="import-file"
              onChange={(event) => {
                setFile((event.target as HTMLInputElement).files?.[0] ?? null);
                setErrors({});
              }}
            />
            <Form.Text id={`${ids.file}-help`}>{t('file.help', { mb: MAX_IMPORT_BYTES / 1024 / 1024, rows: MAX_IMPORT_ROWS.toLocaleString() })}</Form.Text>
            <Form.Control.Feedback type="invalid" id={`${ids.file}-error`}>
              {errors.file}
            </Form.Control.Feedback>
          </Form.Group>
        </div>
      </div>
      {errors.form && (
        <Alert variant="danger" className="mt-3 mb-0">
          {errors.form}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-4">
        <SubmitButton pending={create.isPending} pendingLabel={t('file.reading')}>
          {t('file.continue')}
        </SubmitButton>
        <span className="ms-md-auto small text-body-secondary">{t('templates.label')}</span>
        <Button variant="outline-secondary" size="sm" className="d-inline-flex align-items-center gap-1" onClick={() => void template('csv')}>
          <Download size={14} aria-hidden />
          {t('templates.csv')}
        </Button>
        <Button variant="outline-secondary" size="sm" className="d-inline-flex align-items-center gap-1" onClick={() => void template('xlsx')}>
          <Download size={14} aria-hidden />
          {t('templates.xlsx')}
        </Button>
      </div>
    </Form>
  );
}
