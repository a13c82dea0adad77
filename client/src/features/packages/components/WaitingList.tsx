import { PackageCheck, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCarrierLabel } from '../lib/labels';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { useReturnPackage, useWaitingPackages, type PackageView } from '../api/packages';
import { PickupDialog } from './PickupDialog';

/** The packages waiting at the desk, oldest first with their age; pick up or return each. */
export function WaitingList({ propertyId }: { propertyId: number }) {
  const { t } = useTranslation('packages');
  const carrierLabel = useCarrierLabel();
  const waiting = useWaitingPackages(propertyId);
  const [picking, setPicking] = useState<PackageView | null>(null);
  const [returning, setReturning] = useState<PackageView | null>(null);
  const [reason, setReason] = useState('');
  const giveBack = useReturnPackage();

  if (waiting.isError) return <ErrorCard title={t('errors.list')} error={waiting.error} onRetry={() => void waiting.refetch()} />;
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h6 mb-0 d-flex justify-content-between">
        {t('waiting.title')}
        {waiting.data && <Badge bg="secondary">{waiting.data.length}</Badge>}
      </Card.Header>
      {!waiting.data ? (
        <Card.Body>
          <Loading />
        </Card.Body>
      ) : !waiting.data.length ? (
        <Card.Body className="text-body-secondary">{t('waiting.none')}</Card.Body>
      ) : (
        <ListGroup variant="flush" data-testid="waiting-packages">
          {waiting.data.map((pkg) => (
            <ListGroup.Item key={pkg.id} className="d-flex align-items-center gap-2 flex-wrap" data-testid="waiting-package">
              <div className="flex-grow-1 min-w-0">
                <div className="fw-semibold">
                  {t('unitLabel', { unit: pkg.unitNumber })} · {carrierLabel(pkg.carrier)} {pkg.perishable && <Badge bg="danger">{t('fields.perishable')}</Badge>}
                </div>
                <div className="small text-body-secondary">
                  {[t('waiting.age', { count: pkg.ageDays }), pkg.shelf && `${t('fields.shelf')}: ${pkg.shelf}`, pkg.tracking, t(`sizes.${pkg.size}`)].filter(Boolean).join(' · ')}
                </div>
              </div>
              {pkg.actions.includes('pickup') && (
                <Button onClick={() => setPicking(pkg)} className="d-inline-flex align-items-center gap-1" aria-label={`${t('actions.pickup')}: ${t('unitLabel', { unit: pkg.unitNumber })}`} data-testid="pickup-open">
                  <PackageCheck size={18} aria-hidden />
                  {t('actions.pickup')}
                </Button>
              )}
              {pkg.actions.includes('return') && (
                <Button variant="outline-secondary" onClick={() => setReturning(pkg)} aria-label={`${t('actions.return')}: ${t('unitLabel', { unit: pkg.unitNumber })}`}>
                  <Undo2 size={18} aria-hidden />
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <PickupDialog pkg={picking} onClose={() => setPicking(null)} />
      <ConfirmDialog
        show={returning !== null}
        title={t('return.title')}
        confirmLabel={t('return.confirm')}
        variant="danger"
        pending={giveBack.isPending}
        confirmDisabled={!reason.trim()}
        onCancel={() => setReturning(null)}
        onConfirm={() =>
          giveBack.mutate(
            { id: returning!.id, reason },
            {
              onSuccess: () => {
                toast({ title: t('return.done'), variant: 'success' });
                setReturning(null);
                setReason('');
              },
              onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }),
            },
          )
        }
      >
        <Form.Group controlId="return-reason">
          <Form.Label>{t('return.reason')}</Form.Label>
          <Form.Control as="textarea" rows={2} value={reason} maxLength={5000} onChange={(event) => setReason(event.target.value)} />
        </Form.Group>
      </ConfirmDialog>
    </Card>
  );
}
