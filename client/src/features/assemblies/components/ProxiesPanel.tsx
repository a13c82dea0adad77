import { useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { FormDialog, FormDialogFooter } from '@client/components/FormDialog';
import { errorMessage } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/auth';
import { readAsBase64 } from '@client/lib/files';
import { can } from '@shared/permissions';
import type { AssemblyDetail } from '@shared/schemas/assemblies';
import { useCreateProxy, useDecideProxy, useProxies } from '../api/assemblies';

/** Proxies (poderes): administrators approve or reject; owners upload the signed letter for a unit of theirs. */
export function ProxiesPanel({ assembly }: { assembly: AssemblyDetail }) {
  const { t } = useTranslation('assemblies');
  const manages = can(useCurrentUser(), 'assemblies.manage') && assembly.actions.includes('proxies');
  const proxies = useProxies(assembly.id, true);
  const decide = useDecideProxy();
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const ownUnits = assembly.myUnits.filter((unit) => !unit.viaProxy);
  const open = assembly.status === 'convened' || assembly.status === 'in_session';
  return (
    <section aria-labelledby="proxies-title" className="mt-4">
      <div className="d-flex justify-content-between align-items-center">
        <h2 id="proxies-title" className="h5">
          {t('proxies.title')}
        </h2>
        {open && ownUnits.length > 0 && (
          <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)}>
            {t('proxies.add')}
          </Button>
        )}
      </div>
      {decide.error && <Alert variant="danger">{errorMessage(decide.error)}</Alert>}
      {proxies.isError ? (
        <Alert variant="danger">{errorMessage(proxies.error)}</Alert>
      ) : !proxies.data?.length ? (
        <p className="text-body-secondary small">{t('proxies.none')}</p>
      ) : (
        <ListGroup>
          {proxies.data.map((proxy) => (
            <ListGroup.Item key={proxy.id} className="d-flex justify-content-between align-items-center gap-2 flex-wrap">
              <div>
                <div className="fw-semibold">{t('proxies.unit', { unit: proxy.unitNumber })}</div>
                <div className="small">
                  {proxy.holderUserName ?? proxy.holderName} {proxy.holderIdNumber && `· ${proxy.holderIdNumber}`} ·{' '}
                  <a href={`/api/proxies/${proxy.id}/letter`} target="_blank" rel="noreferrer">
                    {t('proxies.letter')}
                  </a>
                </div>
              </div>
              {proxy.status === 'pending' && manages ? (
                <div className="d-flex gap-2">
                  <Button size="sm" variant="success" disabled={decide.isPending} onClick={() => decide.mutate({ proxyId: proxy.id, status: 'approved' })}>
                    {t('proxies.approve')}
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => setRejecting(proxy.id)}>
                    {t('proxies.reject')}
                  </Button>
                </div>
              ) : (
                <Badge bg={proxy.status === 'approved' ? 'success' : proxy.status === 'rejected' ? 'danger' : 'light'} text={proxy.status === 'pending' ? 'dark' : undefined}>
                  {t(`proxies.status.${proxy.status}`)}
                </Badge>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <ConfirmDialog
        show={rejecting !== null}
        title={t('proxies.rejectConfirm')}
        confirmLabel={t('proxies.reject')}
        variant="danger"
        pending={decide.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={() => decide.mutate({ proxyId: rejecting!, status: 'rejected' }, { onSettled: () => setRejecting(null) })}
      />
      <ProxyDialog show={adding} onClose={() => setAdding(false)} assembly={assembly} units={ownUnits} />
    </section>
  );
}

function ProxyDialog({ show, onClose, assembly, units }: { show: boolean; onClose: () => void; assembly: AssemblyDetail; units: AssemblyDetail['myUnits'] }) {
  const { t } = useTranslation('assemblies');
  const create = useCreateProxy(assembly.id);
  const [unitId, setUnitId] = useState(String(units[0]?.unitId ?? ''));
  const [holderName, setHolderName] = useState('');
  const [holderIdNumber, setHolderIdNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  return (
    <FormDialog show={show} onClose={onClose} title={t('proxies.add')}>
      <Form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!file) return;
          const content = await readAsBase64(file);
          create.mutate(
            { unitId: Number(unitId), holderName, holderIdNumber, letter: { fileName: file.name, fileType: file.type, content } },
            { onSuccess: onClose },
          );
        }}
      >
        <Modal.Body>
          {create.error && <Alert variant="danger">{errorMessage(create.error)}</Alert>}
          <Form.Group className="mb-3" controlId="proxy-unit">
            <Form.Label>{t('proxies.unitLabel')}</Form.Label>
            <Form.Select value={unitId} onChange={(e) => setUnitId(e.target.value)}>
              {units.map((unit) => (
                <option key={unit.unitId} value={unit.unitId}>
                  {unit.unitNumber}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId="proxy-holder">
            <Form.Label>{t('proxies.holderName')}</Form.Label>
            <Form.Control required value={holderName} onChange={(e) => setHolderName(e.target.value)} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="proxy-id-number">
            <Form.Label>{t('proxies.holderIdNumber')}</Form.Label>
            <Form.Control required value={holderIdNumber} onChange={(e) => setHolderIdNumber(e.target.value)} />
          </Form.Group>
          <Form.Group controlId="proxy-letter">
            <Form.Label>{t('proxies.letterFile')}</Form.Label>
            <Form.Control required type="file" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
          </Form.Group>
        </Modal.Body>
        <FormDialogFooter pending={create.isPending} onCancel={onClose} submitLabel={t('proxies.submit')} />
      </Form>
    </FormDialog>
  );
}
