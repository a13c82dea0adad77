import { Car, PawPrint, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { errorMessage, isApiError } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';
import { PET_SPECIES } from '@shared/enums';
import { useAddPet, useAddVehicle, useRemovePet, useRemoveVehicle, useUnitPets, useUnitVehicles, type PetView, type VehicleView } from '../api/packages';

/** A unit's vehicles and pets, managed by its residents and owner (and administrators). */
export function UnitRegistry({ unitId, unitNumber }: { unitId: number; unitNumber: string }) {
  const { t } = useTranslation('packages');
  return (
    <Row className="g-4 mb-4">
      <Col lg={6}>
        <Vehicles unitId={unitId} title={t('vehicles.titleOf', { unit: unitNumber })} />
      </Col>
      <Col lg={6}>
        <Pets unitId={unitId} title={t('pets.titleOf', { unit: unitNumber })} />
      </Col>
    </Row>
  );
}

function useFieldErrors() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const failed = (error: unknown, title: string) => {
    setFields(isApiError(error) ? (error.body?.fields ?? {}) : {});
    toast({ title, description: errorMessage(error), variant: 'destructive' });
  };
  return { fields, setFields, failed };
}

function Vehicles({ unitId, title }: { unitId: number; title: string }) {
  const { t } = useTranslation('packages');
  const vehicles = useUnitVehicles(unitId);
  const add = useAddVehicle(unitId);
  const remove = useRemoveVehicle();
  const [form, setForm] = useState({ plate: '', make: '', model: '', colour: '', parkingSpot: '' });
  const [removing, setRemoving] = useState<VehicleView | null>(null);
  const { fields, setFields, failed } = useFieldErrors();
  const manages = vehicles.data?.[0]?.canManage ?? true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(form, {
      onSuccess: () => {
        setForm({ plate: '', make: '', model: '', colour: '', parkingSpot: '' });
        setFields({});
      },
      onError: (error) => failed(error, t('errors.action')),
    });
  };
  return (
    <Card>
      <Card.Header as="h2" className="h6 mb-0 d-flex align-items-center gap-2">
        <Car size={18} aria-hidden />
        {title}
      </Card.Header>
      <ListGroup variant="flush">
        {vehicles.data?.length === 0 && <ListGroup.Item className="text-body-secondary">{t('vehicles.none')}</ListGroup.Item>}
        {vehicles.data?.map((vehicle) => (
          <ListGroup.Item key={vehicle.id} className="d-flex align-items-center gap-2">
            <div className="flex-grow-1">
              <span className="font-monospace fw-bold">{vehicle.plate}</span> {[vehicle.make, vehicle.model, vehicle.colour].filter(Boolean).join(' ')}
              {vehicle.parkingSpot && <div className="small text-body-secondary">{`${t('vehicles.spot')}: ${vehicle.parkingSpot}`}</div>}
            </div>
            {vehicle.canManage && (
              <Button variant="outline-danger" size="sm" onClick={() => setRemoving(vehicle)} aria-label={`${t('actions.remove')}: ${vehicle.plate}`}>
                <Trash2 size={16} aria-hidden />
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {manages && (
        <Card.Body>
          <Form onSubmit={submit} noValidate>
            <Row className="g-2">
              <Col sm={4}>
                <Form.Group controlId={`vehicle-plate-${unitId}`}>
                  <Form.Label>{t('vehicles.plate')}</Form.Label>
                  <Form.Control value={form.plate} maxLength={50} onChange={(event) => setForm({ ...form, plate: event.target.value })} isInvalid={Boolean(fields.plate)} className="font-monospace" autoCapitalize="characters" />
                  <Form.Control.Feedback type="invalid">{fields.plate}</Form.Control.Feedback>
                </Form.Group>
              </Col>
              {(['make', 'model', 'colour'] as const).map((key) => (
                <Col sm={4} key={key}>
                  <Form.Group controlId={`vehicle-${key}-${unitId}`}>
                    <Form.Label>{t(`vehicles.${key}`)}</Form.Label>
                    <Form.Control value={form[key]} maxLength={100} onChange={(event) => setForm({ ...form, [key]: event.target.value })} />
                  </Form.Group>
                </Col>
              ))}
              <Col sm={4}>
                <Form.Group controlId={`vehicle-spot-${unitId}`}>
                  <Form.Label>{t('vehicles.spot')}</Form.Label>
                  <Form.Control value={form.parkingSpot} maxLength={50} onChange={(event) => setForm({ ...form, parkingSpot: event.target.value })} />
                </Form.Group>
              </Col>
            </Row>
            <SubmitButton pending={add.isPending} pendingLabel={t('vehicles.add')} className="mt-2">
              {t('vehicles.add')}
            </SubmitButton>
          </Form>
        </Card.Body>
      )}
      <ConfirmDialog
        show={removing !== null}
        title={t('vehicles.removeTitle', { plate: removing?.plate ?? '' })}
        variant="danger"
        confirmLabel={t('actions.remove')}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!.id, { onSuccess: () => setRemoving(null), onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }) })}
      />
    </Card>
  );
}

const STATE_VARIANT: Record<PetView['recordState'], string> = { expired: 'danger', expiring: 'warning', valid: 'success', missing: 'secondary' };

export function RecordBadge({ pet }: { pet: PetView }) {
  const { t } = useTranslation('packages');
  return (
    <Badge bg={STATE_VARIANT[pet.recordState]} text={pet.recordState === 'expiring' ? 'dark' : undefined}>
      {t(`pets.states.${pet.recordState}`)}
      {pet.recordExpiresOn ? ` · ${pet.recordExpiresOn}` : ''}
    </Badge>
  );
}

function Pets({ unitId, title }: { unitId: number; title: string }) {
  const { t } = useTranslation('packages');
  const pets = useUnitPets(unitId);
  const add = useAddPet(unitId);
  const remove = useRemovePet();
  const [form, setForm] = useState({ name: '', species: 'dog', breed: '', recordExpiresOn: '' });
  const [record, setRecord] = useState<File | null>(null);
  const [removing, setRemoving] = useState<PetView | null>(null);
  const { fields, setFields, failed } = useFieldErrors();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content = record ? await readAsBase64(record) : null;
    add.mutate(
      { ...form, recordExpiresOn: form.recordExpiresOn || undefined, record: record && content ? { fileType: record.type, fileName: record.name, content } : null },
      {
        onSuccess: () => {
          setForm({ name: '', species: 'dog', breed: '', recordExpiresOn: '' });
          setRecord(null);
          setFields({});
        },
        onError: (error) => failed(error, t('errors.action')),
      },
    );
  };
  return (
    <Card>
      <Card.Header as="h2" className="h6 mb-0 d-flex align-items-center gap-2">
        <PawPrint size={18} aria-hidden />
        {title}
      </Card.Header>
      <ListGroup variant="flush">
        {pets.data?.length === 0 && <ListGroup.Item className="text-body-secondary">{t('pets.none')}</ListGroup.Item>}
        {pets.data?.map((pet) => (
          <ListGroup.Item key={pet.id} className="d-flex align-items-center gap-2 flex-wrap">
            <div className="flex-grow-1">
              <span className="fw-semibold">{pet.name}</span> · {t(`species.${pet.species}`)}
              {pet.breed ? ` · ${pet.breed}` : ''} <RecordBadge pet={pet} />
              {pet.recordUrl && (
                <a className="ms-2 small" href={pet.recordUrl} target="_blank" rel="noreferrer">
                  {t('pets.record')}
                </a>
              )}
            </div>
            {pet.canManage && (
              <Button variant="outline-danger" size="sm" onClick={() => setRemoving(pet)} aria-label={`${t('actions.remove')}: ${pet.name}`}>
                <Trash2 size={16} aria-hidden />
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      <Card.Body>
        <Form onSubmit={(event) => void submit(event)} noValidate>
          <Row className="g-2">
            <Col sm={6}>
              <Form.Group controlId={`pet-name-${unitId}`}>
                <Form.Label>{t('pets.name')}</Form.Label>
                <Form.Control value={form.name} maxLength={100} onChange={(event) => setForm({ ...form, name: event.target.value })} isInvalid={Boolean(fields.name)} />
                <Form.Control.Feedback type="invalid">{fields.name}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group controlId={`pet-species-${unitId}`}>
                <Form.Label>{t('pets.species')}</Form.Label>
                <Form.Select value={form.species} onChange={(event) => setForm({ ...form, species: event.target.value })}>
                  {PET_SPECIES.map((species) => (
                    <option key={species} value={species}>
                      {t(`species.${species}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group controlId={`pet-breed-${unitId}`}>
                <Form.Label>{t('pets.breed')}</Form.Label>
                <Form.Control value={form.breed} maxLength={100} onChange={(event) => setForm({ ...form, breed: event.target.value })} />
              </Form.Group>
            </Col>
            <Col sm={6}>
              <Form.Group controlId={`pet-expiry-${unitId}`}>
                <Form.Label>{t('pets.expiresOn')}</Form.Label>
                <Form.Control type="date" value={form.recordExpiresOn} onChange={(event) => setForm({ ...form, recordExpiresOn: event.target.value })} isInvalid={Boolean(fields.recordExpiresOn)} />
                <Form.Control.Feedback type="invalid">{fields.recordExpiresOn}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col sm={12}>
              <Form.Group controlId={`pet-record-${unitId}`}>
                <Form.Label>{t('pets.recordFile')}</Form.Label>
                <Form.Control type="file" accept="application/pdf,image/jpeg,image/png" onChange={(event) => setRecord((event.target as HTMLInputElement).files?.[0] ?? null)} isInvalid={Boolean(fields['record.fileType'])} />
                <Form.Control.Feedback type="invalid">{fields['record.fileType']}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          </Row>
          <SubmitButton pending={add.isPending} pendingLabel={t('pets.add')} className="mt-2">
            {t('pets.add')}
          </SubmitButton>
        </Form>
      </Card.Body>
      <ConfirmDialog
        show={removing !== null}
        title={t('pets.removeTitle', { name: removing?.name ?? '' })}
        variant="danger"
        confirmLabel={t('actions.remove')}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!.id, { onSuccess: () => setRemoving(null), onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }) })}
      />
    </Card>
  );
}
