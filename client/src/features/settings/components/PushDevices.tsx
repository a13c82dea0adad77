import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { ErrorCard } from '@client/components/ErrorCard';
import { Loading } from '@client/components/Loading';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { useFormatDate } from '@client/lib/format';
import type { PushDevice } from '@shared/schemas/push';
import { currentEndpoint, pushBlock, PushRefused, useEnablePush, usePushDevices, useRemovePushDevice, useTestPush, type PushBlock } from '../api/push';

/**
 * Settings > Notificaciones, "En sus dispositivos" (docs/modules/push.md): turn push on for this
 * browser, the devices that receive them with their last use, a test push and "Quitar".
 */
export function PushDevices() {
  const { t } = useTranslation('settings');
  const formatDate = useFormatDate();
  const devices = usePushDevices();
  const enable = useEnablePush();
  const remove = useRemovePushDevice();
  const test = useTestPush();
  const [block, setBlock] = useState<PushBlock>(() => pushBlock());
  const [mine, setMine] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PushDevice | null>(null);

  useEffect(() => {
    void currentEndpoint().then(setMine);
  }, [devices.data]);
  const thisDeviceId = mine ? devices.data?.find((device) => device.endpoint === mine)?.id : undefined;

  const onEnable = () =>
    enable.mutate(undefined, {
      onSuccess: (device) => {
        setMine(device.endpoint);
        toast({ title: t('push.enabled'), variant: 'success' });
      },
      onError: (error) => {
        if (error instanceof PushRefused) setBlock(error.reason);
        else toast({ title: t('push.failed'), description: errorMessage(error), variant: 'destructive' });
      },
    });

  return (
    <Card className="mt-4" as="section" aria-labelledby="push-devices-title">
      <Card.Body>
        <h2 id="push-devices-title" className="h5">
          {t('push.title')}
        </h2>
        <p className="text-body-secondary">{t('push.description')}</p>
        {block && (
          <Alert variant="warning" data-testid="push-blocked">
            {t(`push.blocked.${block}`)}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button onClick={onEnable} disabled={block === 'unsupported' || enable.isPending}>
            {t('push.enable')}
          </Button>
          <Button
            variant="outline-secondary"
            disabled={!devices.data?.length || test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => toast({ title: t('push.testSent'), variant: 'success' }),
                onError: (error) => toast({ title: t('push.failed'), description: errorMessage(error), variant: 'destructive' }),
              })
            }
          >
            {t('push.test')}
          </Button>
        </div>
        {devices.isPending ? (
          <Loading />
        ) : devices.isError ? (
          <ErrorCard error={devices.error} onRetry={() => void devices.refetch()} />
        ) : devices.data.length === 0 ? (
          <p className="mb-0 text-body-secondary">{t('push.none')}</p>
        ) : (
          <ListGroup aria-label={t('push.devices')}>
            {devices.data.map((device) => (
              <ListGroup.Item key={device.id} className="d-flex flex-wrap align-items-center gap-2">
                <div className="flex-grow-1">
                  <div>
                    {device.label || t('push.unknownDevice')}
                    {device.id === thisDeviceId && (
                      <Badge bg="secondary" className="ms-2 fw-normal">
                        {t('push.thisDevice')}
                      </Badge>
                    )}
                  </div>
                  <small className="text-body-secondary">
                    {device.lastUsedAt ? t('push.lastUsed', { when: formatDate(device.lastUsedAt) }) : t('push.neverUsed')}
                    {device.lastError && ` · ${t('push.lastError', { error: device.lastError })}`}
                  </small>
                </div>
                <Button size="sm" variant="outline-danger" onClick={() => setRemoving(device)}>
                  {t('push.remove')}
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
      <ConfirmDialog
        show={removing !== null}
        title={t('push.removeTitle')}
        confirmLabel={t('push.remove')}
        variant="danger"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { ...removing, current: removing.id === thisDeviceId },
            {
              onSuccess: () => setRemoving(null),
              onError: (error) => toast({ title: t('push.failed'), description: errorMessage(error), variant: 'destructive' }),
            },
          )
        }
      >
        {t('push.removeBody', { device: removing?.label || t('push.unknownDevice') })}
      </ConfirmDialog>
    </Card>
  );
}
