import { zodResolver } from '@client/components/form/zod-resolver';
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { TextField } from '@client/components/form/TextField';
import { formFailed } from '@client/components/form/server-errors';
import { toast } from '@client/components/toast/toast';
import { useLastShown } from '@client/hooks/use-last-shown';
import { NoticeSchema } from '@shared/schemas/residents';
import { useSendResidentMessage } from '../api/save-resident';
import type { Resident } from '@client/lib/types/resident';
import { TEXT_LIMITS } from '@shared/limits';
import { fullName } from '@shared/format';

/** Send Message: a title and a message, delivered to the resident as a direct notice. */
export function SendMessageDialog({ resident, onClose }: { resident: Resident | null; onClose: () => void }) {
  const { t } = useTranslation('residents');
  const shown = useLastShown(resident);
  return (
    <Modal show={resident !== null} onHide={onClose} fullscreen="sm-down" aria-labelledby="send-message-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="send-message-title" as="h2" className="h5">
          {shown && t('message.title', { name: fullName(shown) })}
        </Modal.Title>
      </Modal.Header>
      {shown && <MessageForm key={shown.id} resident={shown} onClose={onClose} />}
    </Modal>
  );
}

function MessageForm({ resident, onClose }: { resident: Resident; onClose: () => void }) {
  const { t } = useTranslation('residents');
  const send = useSendResidentMessage();
  const { register, handleSubmit, setError, formState: { errors } } = useForm({ resolver: zodResolver(NoticeSchema), defaultValues: { title: '', message: '' } });

  const onSubmit = handleSubmit((body) =>
    send.mutate(
      { residentId: resident.id, body },
      {
        onSuccess: () => {
          toast({ title: t('notices.messageSent'), description: t('notices.messageSentDescription', { name: fullName(resident) }), variant: 'success' });
          onClose();
        },
        onError: (error) => formFailed(error, setError, ['title', 'message'], t('notices.errorTitle')),
      },
    ),
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('message.formLabel')}>
      <Modal.Body>
        <TextField label={t('message.subject')} registration={register('title')} error={errors.title} maxLength={TEXT_LIMITS.title} />
        <TextField label={t('message.body')} as="textarea" rows={5} registration={register('message')} error={errors.message} className="mb-0" />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={send.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton pending={send.isPending} pendingLabel={t('message.sending')}>
          {t('message.send')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
