import { useState } from 'react';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { errorMessage } from '@client/lib/api';
import { usePropertyOptions } from '@client/lib/property-options';
import { useCreateAssembly } from '../api/assemblies';

/** A draft: property, kind, title, first call, place; the agenda is edited on its page. */
export function NewAssemblyDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useTranslation('assemblies');
  const properties = usePropertyOptions('');
  const create = useCreateAssembly();
  const navigate = useNavigate();
  const [propertyId, setPropertyId] = useState('');
  const [kind, setKind] = useState<'ordinary' | 'extraordinary'>('ordinary');
  const [title, setTitle] = useState('');
  const [firstCallAt, setFirstCallAt] = useState('');
  const [place, setPlace] = useState('');
  return (
    <FormDialog show={show} onClose={onClose} title={t('new.title')}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { propertyId: Number(propertyId), kind, title, firstCallAt: new Date(firstCallAt), place: place || null, items: [] } as never,
            { onSuccess: (assembly) => navigate(`/assemblies/${(assembly as { id: number }).id}`) },
          );
        }}
      >
        <Modal.Body>
          {create.error && <Alert variant="danger">{errorMessage(create.error)}</Alert>}
          <Form.Group className="mb-3" controlId="assembly-property">
            <Form.Label>{t('fields.property')}</Form.Label>
            <Form.Select required value={propertyId} onChange={(e) => setPropertyId(e.target.value)}>
              <option value="">{t('fields.choose')}</option>
              {properties.data?.items.map((property) => (
                <option key={property.id} value={property.id}>
                  {property.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId="assembly-kind">
            <Form.Label>{t('fields.kind')}</Form.Label>
            <Form.Select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              <option value="ordinary">{t('kind.ordinary')}</option>
              <option value="extraordinary">{t('kind.extraordinary')}</option>
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId="assembly-title">
            <Form.Label>{t('fields.title')}</Form.Label>
            <Form.Control required value={title} onChange={(e) => setTitle(e.target.value)} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="assembly-first-call">
            <Form.Label>{t('fields.firstCallAt')}</Form.Label>
            <Form.Control required type="datetime-local" value={firstCallAt} onChange={(e) => setFirstCallAt(e.target.value)} />
          </Form.Group>
          <Form.Group controlId="assembly-place">
            <Form.Label>{t('fields.place')}</Form.Label>
            <Form.Control value={place} onChange={(e) => setPlace(e.target.value)} />
          </Form.Group>
        </Modal.Body>
        <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('new.submit')} />
      </Form>
    </FormDialog>
  );
}
