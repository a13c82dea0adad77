import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, ProgressBar } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { registerMessageTexts } from '@client/components/form/field-error';
import { SelectField } from '@client/components/form/SelectField';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useCurrentUser } from '@client/lib/auth';
import { ApiError, errorMessage } from '@client/lib/api';
import { DOCUMENT_ACCESS, DOCUMENT_CATEGORIES } from '@shared/enums';
import { messageText } from '@shared/messages';
import { isAdministrator } from '@shared/permissions';
import type { DocumentItem } from '@shared/schemas/documents';
import type { DocumentCategory } from '../api/get-documents';
import { usePropertyOptions } from '../api/get-property-options';
import type { ShareCandidate } from '../api/get-share-candidates';
import { useUploadDocument } from '../api/upload-document';
import { documentFileType, fileProblem, titleFromFileName } from '../lib/files';
import { FileDropzone } from './FileDropzone';
import { SharePicker } from './SharePicker';
import { TEXT_LIMITS } from '@shared/limits';

type UploadDocumentDialogProps = { show: boolean; onClose: () => void; defaultCategory: DocumentCategory | null };

/** Upload Document: a dialog whose form starts afresh each time it opens (the Modal unmounts it once closed). */
export function UploadDocumentDialog({ show, onClose, defaultCategory }: UploadDocumentDialogProps) {
  const { t } = useTranslation('documents');
  // While a file is being sent the dialog closes only through Cancel (which stops the upload).
  const [busy, setBusy] = useState(false);
  return (
    <Modal show={show} onHide={busy ? undefined : onClose} backdrop={busy ? 'static' : true} size="lg" fullscreen="sm-down" aria-labelledby="upload-document-title">
      <Modal.Header closeButton={!busy} closeLabel={t('common:actions.close')}>
        <Modal.Title id="upload-document-title" as="h2" className="h5">
          {t('upload.title')}
        </Modal.Title>
      </Modal.Header>
      <UploadForm onClose={onClose} onBusy={setBusy} defaultCategory={defaultCategory} />
    </Modal>
  );
}

type UploadValues = { title: string; category: DocumentCategory | ''; access: DocumentItem['access']; propertyId: string };

const FIELDS = ['title', 'category', 'access', 'propertyId'] as const;
const required = (value: string) => value.trim() !== '' || 'required_field';
// The form validates without a zod schema: its field errors' keys ('required_field') need the
// message texts that zod-resolver.ts registers for the other forms, or they show as keys.
registerMessageTexts(messageText);

function UploadForm({ onClose, onBusy, defaultCategory }: { onClose: () => void; onBusy: (busy: boolean) => void; defaultCategory: DocumentCategory | null }) {
  const { t, i18n } = useTranslation('documents');
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const user = useCurrentUser();
  const problemId = useId();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [sharedWith, setSharedWith] = useState<ShareCandidate[]>([]);
  // A spec message (key) or a server message (text) shown above the buttons.
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const properties = usePropertyOptions('');

  const { register, handleSubmit, setError, setValue, getValues, control, formState } = useForm<UploadValues>({
    defaultValues: { title: '', category: defaultCategory ?? '', access: 'public', propertyId: '' },
  });
  const access = useWatch({ control, name: 'access' });
  const errors = formState.errors;
  const accessOptions = DOCUMENT_ACCESS.filter((level) => level !== 'admin' || isAdministrator(user));

  const chooseFile = (chosen: File | null, rejected?: 'too-many') => {
    if (rejected) return setProblem(t('upload.oneFile'));
    const check = chosen && fileProblem(chosen);
    setProblem(check);
    setFile(check ? null : chosen);
    if (chosen && !check && !getValues('title').trim()) setValue('title', titleFromFileName(chosen.name));
  };

  const send = (values: UploadValues) => {
    if (!file) return setProblem('document_missing_fields');
    const check = fileProblem(file);
    if (check) return setProblem(check);
    if (values.access === 'custom' && !sharedWith.length) return setProblem('document_shared_with_required');
    setProblem(null);
    setProgress(null);
    controller.current = new AbortController();
    onBusy(true);
    upload.mutate(
      {
        file,
        title: values.title.trim(),
        category: values.category as DocumentCategory,
        access: values.access,
        fileType: documentFileType(file)!,
        propertyId: values.propertyId ? Number(values.propertyId) : undefined,
        sharedWith: values.access === 'custom' ? sharedWith.map((person) => person.userId) : [],
        onProgress: setProgress,
        signal: controller.current.signal,
      },
      {
        onSuccess: () => {
          toast({ title: t('notices.uploaded'), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          if (error instanceof ApiError && error.status < 500) setProblem(errorMessage(error));
          formFailed(error, setError, FIELDS, t('notices.uploadFailedTitle'), t('notices.uploadFailed', { message: errorMessage(error) }));
        },
        onSettled: () => {
          onBusy(false);
          setProgress(null);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    setSubmitted(true);
    void handleSubmit(send, () => setProblem('document_missing_fields'))(event);
  };

  const cancel = () => {
    controller.current?.abort();
    onClose();
  };

  const pending = upload.isPending;
  const percent = progress === null ? 0 : Math.round(progress * 100);
  const stage = progress === null ? t('upload.reading') : progress < 1 ? t('upload.sending', { percent }) : t('upload.processing');

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('upload.formLabel')} aria-describedby={problem ? problemId : undefined}>
      <Modal.Body>
        <FileDropzone file={file} onFile={chooseFile} invalid={submitted && !file} disabled={pending} describedBy={problem ? problemId : undefined} />
        <TextField label={t('upload.documentTitle')} maxLength={TEXT_LIMITS.title} registration={register('title', { validate: required })} error={errors.title} disabled={pending} />
        <div className="row g-3">
          <div className="col-sm-6">
            <SelectField
              label={t('upload.category')}
              placeholder={t('upload.chooseCategory')}
              options={DOCUMENT_CATEGORIES.map((name) => ({ value: name, label: t(`categories.${name}`) }))}
              registration={register('category', { validate: required })}
              error={errors.category}
              disabled={pending}
            />
          </div>
          <div className="col-sm-6">
            <SelectField
              label={t('upload.access')}
              options={accessOptions.map((level) => ({ value: level, label: t(`access.${level}`) }))}
              registration={register('access', { validate: required })}
              error={errors.access}
              disabled={pending}
            />
          </div>
        </div>
        <Form.Text className="d-block mt-n2 mb-3">
          {t(`accessHint.${access}`)}
        </Form.Text>
        {access === 'custom' && (
          <SharePicker value={sharedWith} onChange={setSharedWith} selfId={user.id} invalid={submitted && !sharedWith.length} disabled={pending} />
        )}
        {Boolean(properties.data?.items.length) && (
          <SelectField
            label={t('upload.property')}
            placeholder={t('upload.noProperty')}
            options={properties.data!.items.map((property) => ({ value: String(property.id), label: property.name }))}
            registration={register('propertyId')}
            error={errors.propertyId}
            disabled={pending}
          />
        )}
        {problem && (
          <Alert variant="danger" id={problemId} className="mb-0" role="alert" data-testid="upload-problem">
            {messageText(problem, lang)}
          </Alert>
        )}
        {pending && (
          <div className="mt-3">
            <div className="small mb-1" aria-hidden>
              {stage}
            </div>
            {/* The inner bar carries role="progressbar", so the accessible name goes there. */}
            <ProgressBar data-testid="upload-progress">
              <ProgressBar now={percent} animated={progress === null || progress >= 1} aria-label={t('upload.progress')} aria-valuetext={stage} />
            </ProgressBar>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={cancel}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={pending} pendingLabel={t('upload.pending')}>
          {t('upload.submit')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
