import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { toast } from '@client/components/toast/toast';
import { api, errorMessage, isApiError } from '@client/lib/api';
import { packagesQueryKey, usePickup, type PackageView } from '../api/packages';
import { SignaturePad } from './SignaturePad';

/**
 * Hands a package out at the desk: to a resident or owner of its unit chosen by name (no code
 * needed), or to someone else with the pickup code the unit received, their name and cédula;
 * an optional signature drawn on the tablet.
 */
export function PickupDialog({ pkg, onClose }: { pkg: PackageView | null; onClose: () => void }) {
  const { t } = useTranslation('packages');
  return (
    <FormDialog show={pkg !== null} onClose={onClose} title={pkg ? t('pickup.title', { unit: pkg.unitNumber }) : ''}>
      {pkg && <PickupForm pkg={pkg} onClose={onClose} />}
    </FormDialog>
  );
}

function PickupForm({ pkg, onClose }: { pkg: PackageView; onClose: () => void }) {
  const { t } = useTranslation('packages');
  const detail = useQuery({ queryKey: [...packagesQueryKey(), 'one', pkg.id], queryFn: () => api.get<PackageView>(`/api/packages/${pkg.id}`) });
  const pickup = usePickup();
  const [who, setWho] = useState<'resident' | 'other'>('other');
  const [userId, setUserId] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pickup.mutate(
      {
        id: pkg.id,
        code: code.trim() || undefined,
        pickedUpBy: who === 'resident' ? { userId: Number(userId) || undefined } : { name, idNumber },
        signature: signature ? { fileType: 'image/png', fileName: 'firma.png', content: signature } : null,
      },
      {
        onSuccess: () => {
          toast({ title: t('pickup.done'), description: t('unitLabel', { unit: pkg.unitNumber }), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          setFields(isApiError(error) ? (error.body?.fields ?? {}) : {});
          toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };
  const people = detail.data?.unitPeople ?? [];
  return (
    <Form onSubmit={submit} noValidate>
      <Modal.Body>
        <Form.Group className="mb-3">
          <Form.Label as="div">{t('pickup.who')}</Form.Label>
          <Form.Check type="radio" id="pickup-other" name="pickup-who" label={t('pickup.other')} checked={who === 'other'} onChange={() => setWho('other')} />
          <Form.Check type="radio" id="pickup-resident" name="pickup-who" label={t('pickup.resident')} checked={who === 'resident'} onChange={() => setWho('resident')} disabled={!people.length} />
        </Form.Group>
        {who === 'resident' ? (
          <Form.Group controlId="pickup-user" className="mb-3">
            <Form.Label>{t('pickup.residentName')}</Form.Label>
            <Form.Select value={userId} onChange={(event) => setUserId(event.target.value)} isInvalid={Boolean(fields['pickedUpBy.userId'])}>
              <option value="">{t('pickup.chooseResident')}</option>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{fields['pickedUpBy.userId']}</Form.Control.Feedback>
          </Form.Group>
        ) : (
          <>
            <Form.Group controlId="pickup-name" className="mb-3">
              <Form.Label>{t('pickup.name')}</Form.Label>
              <Form.Control value={name} maxLength={100} onChange={(event) => setName(event.target.value)} isInvalid={Boolean(fields['pickedUpBy.name'])} autoComplete="off" />
              <Form.Control.Feedback type="invalid">{fields['pickedUpBy.name']}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group controlId="pickup-id-number" className="mb-3">
              <Form.Label>{t('pickup.idNumber')}</Form.Label>
              <Form.Control value={idNumber} maxLength={50} onChange={(event) => setIdNumber(event.target.value)} isInvalid={Boolean(fields['pickedUpBy.idNumber'])} autoComplete="off" inputMode="numeric" />
              <Form.Control.Feedback type="invalid">{fields['pickedUpBy.idNumber']}</Form.Control.Feedback>
            </Form.Group>
          </>
        )}
        <Form.Group controlId="pickup-code" className="mb-3">
          <Form.Label>{who === 'resident' ? t('pickup.codeOptional') : t('pickup.code')}</Form.Label>
          <Form.Control
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="off"
            className="font-monospace fs-4"
            isInvalid={Boolean(fields.code)}
            data-testid="pickup-code"
          />
          <Form.Control.Feedback type="invalid">{fields.code}</Form.Control.Feedback>
        </Form.Group>
        <SignaturePad label={t('pickup.signature')} onChange={setSignature} />
        {fields._ && (
          <Alert variant="danger" className="mt-3 mb-0">
            {fields._}
          </Alert>
        )}
      </Modal.Body>
      <FormDialogFooter pending={pickup.isPending} onCancel={onClose} submitLabel={t('pickup.submit')} />
    </Form>
  );
}
