import { Ban, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { SubmitButton } from '@client/components/form/SubmitButton';
import { toast } from '@client/components/toast/toast';
import { PropertyUnitFields } from '@client/components/form/PropertyUnitFields';
import { errorMessage, isApiError } from '@client/lib/api';
import { useAddBlock, useBlocks, useHostUnits, useRemoveBlock, type VisitorBlockView } from '../api/visitors';

/** "No admitir": names the desk must refuse for a unit (hosts their own units, administrators any). */
export function BlockList() {
  const { t } = useTranslation('visitors');
  const blocks = useBlocks();
  const add = useAddBlock();
  const remove = useRemoveBlock();
  const [propertyId, setPropertyId] = useState<number | null>(null);
  const units = useHostUnits(propertyId);
  const [form, setForm] = useState({ unitId: '', name: '', reason: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<VisitorBlockView | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { propertyId: propertyId ?? 0, unitId: Number(form.unitId), name: form.name, reason: form.reason || undefined },
      {
        onSuccess: () => {
          setForm({ unitId: '', name: '', reason: '' });
          setFields({});
          toast({ title: t('blocks.added'), variant: 'success' });
        },
        onError: (error) => {
          setFields(isApiError(error) ? (error.body?.fields ?? {}) : {});
          toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card className="mt-4" as="section" aria-labelledby="blocks-title">
      <Card.Header className="d-flex align-items-center gap-2">
        <Ban size={18} aria-hidden />
        <h2 className="h6 mb-0" id="blocks-title">
          {t('blocks.title')}
        </h2>
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary small">{t('blocks.intro')}</p>
        <Form onSubmit={submit} noValidate className="mb-3">
          <Row className="g-2 align-items-end">
            <PropertyUnitFields
              labels={{ property: t('form.property'), chooseProperty: t('form.chooseProperty'), unit: t('form.unit'), chooseUnit: t('form.chooseUnit') }}
              propertyId={propertyId}
              unitId={form.unitId ? Number(form.unitId) : null}
              onPropertyChange={setPropertyId}
              onUnitChange={(id) => setForm((current) => ({ ...current, unitId: id === null ? '' : String(id) }))}
              units={units.data}
              unitsLoading={units.isFetching}
              errors={{ propertyId: fields.propertyId ? { message: fields.propertyId } : undefined, unitId: fields.unitId ? { message: fields.unitId } : undefined }}
              pickOnlyUnit
              propertyClassName="col-md-3"
              unitClassName="col-md-2"
              unitFieldId="block-unit"
            />
            <Col md={3}>
              <Form.Group controlId="block-name">
                <Form.Label>{t('blocks.name')}</Form.Label>
                <Form.Control value={form.name} maxLength={100} onChange={(event) => setForm({ ...form, name: event.target.value })} isInvalid={Boolean(fields.name)} />
                <Form.Control.Feedback type="invalid">{fields.name}</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col md={2}>
              <Form.Group controlId="block-reason">
                <Form.Label>{t('blocks.reason')}</Form.Label>
                <Form.Control value={form.reason} maxLength={200} onChange={(event) => setForm({ ...form, reason: event.target.value })} />
              </Form.Group>
            </Col>
            <Col md={2}>
              <SubmitButton pending={add.isPending} pendingLabel={t('blocks.add')} variant="outline-danger" className="w-100">
                {t('blocks.add')}
              </SubmitButton>
            </Col>
          </Row>
        </Form>
        {blocks.isPending ? (
          <Loading />
        ) : blocks.isError ? (
          <ErrorCard title={t('errors.list')} error={blocks.error} onRetry={() => void blocks.refetch()} />
        ) : !blocks.data.length ? (
          <p className="text-body-secondary mb-0">{t('blocks.empty')}</p>
        ) : (
          <ListGroup data-testid="blocks">
            {blocks.data.map((block) => (
              <ListGroup.Item key={block.id} className="d-flex align-items-center gap-2">
                <div className="flex-grow-1 min-w-0">
                  <div className="fw-semibold text-break">{block.name}</div>
                  <div className="small text-body-secondary">{[block.unitNumber, block.reason].filter(Boolean).join(' · ')}</div>
                </div>
                <Button variant="outline-danger" size="sm" onClick={() => setRemoving(block)} aria-label={t('blocks.remove', { name: block.name })}>
                  <Trash2 size={16} aria-hidden />
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
      <ConfirmDialog
        show={removing !== null}
        title={t('blocks.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('blocks.removeConfirm')}
        variant="danger"
        pending={remove.isPending}
        refusal={refusal}
        onCancel={() => {
          setRemoving(null);
          setRefusal(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast({ title: t('blocks.removed'), variant: 'success' });
            },
            onError: (error) => setRefusal(errorMessage(error)),
          })
        }
      >
        <p className="mb-0">{t('blocks.removeBody')}</p>
      </ConfirmDialog>
    </Card>
  );
}
