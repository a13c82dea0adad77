import { Copy, ExternalLink, MessageCircle, RefreshCw, Share2 } from 'lucide-react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/toast/toast';
import { errorMessage } from '@client/lib/api';
import { displayCode } from '@shared/access-codes';
import { firstNameOf } from '@shared/schemas/visitors';
import { usePatchVisitor, type VisitorView } from '../api/visitors';
import { passAddress, whatsappShare } from '../lib/share';

/**
 * "Enviar pase": the code, the QR, and the pass's link to send: WhatsApp (wa.me), the phone's
 * share sheet where the browser has one, or copied. "Cambiar enlace" revokes the old link.
 */
export function ShareDialog({ visitor, onClose, onChanged }: { visitor: VisitorView | null; onClose: () => void; onChanged: (visitor: VisitorView) => void }) {
  const { t } = useTranslation('visitors');
  const patch = usePatchVisitor();
  const token = visitor?.passToken;
  const url = token ? passAddress(token) : '';
  const message = visitor ? t('share.message', { name: firstNameOf(visitor.name), property: visitor.propertyName, url }) : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.copied'), variant: 'success' });
    } catch (error) {
      toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' });
    }
  };
  const revoke = () =>
    visitor &&
    patch.mutate(
      { id: visitor.id, revokeLink: true },
      {
        onSuccess: (updated) => {
          onChanged(updated);
          toast({ title: t('share.revoked'), variant: 'success' });
        },
        onError: (error) => toast({ title: t('errors.action'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Modal show={visitor !== null} onHide={onClose} fullscreen="sm-down" aria-labelledby="share-pass-title">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="share-pass-title" as="h2" className="h5">
          {visitor && t('share.title', { name: visitor.name })}
        </Modal.Title>
      </Modal.Header>
      {visitor && token && (
        <Modal.Body className="text-center">
          <p className="text-body-secondary">{t('share.intro')}</p>
          <img src={`/api/passes/${token}/qr.svg`} alt={t('pass.qr')} width={200} height={200} className="mb-3 bg-white p-2 border rounded" />
          <div className="small text-body-secondary">{t('share.code')}</div>
          <div className="fs-3 fw-bold font-monospace mb-3" data-testid="pass-code">
            {visitor.accessCode && displayCode(visitor.accessCode)}
          </div>
          <Form.Group controlId="pass-link" className="mb-3 text-start">
            <Form.Label className="small">{t('share.link')}</Form.Label>
            <Form.Control readOnly value={url} data-testid="pass-link" onFocus={(event) => event.currentTarget.select()} />
          </Form.Group>
          <div className="d-grid gap-2">
            <Button as="a" href={whatsappShare(message)} target="_blank" rel="noopener noreferrer" variant="success" className="d-inline-flex align-items-center justify-content-center gap-2" data-testid="share-whatsapp">
              <MessageCircle size={18} aria-hidden />
              {t('share.whatsapp')}
            </Button>
            {canShare && (
              <Button variant="outline-primary" className="d-inline-flex align-items-center justify-content-center gap-2" onClick={() => void navigator.share({ title: t('pass.title'), text: message, url }).catch(() => undefined)}>
                <Share2 size={18} aria-hidden />
                {t('share.native')}
              </Button>
            )}
            <div className="d-flex gap-2">
              <Button variant="outline-secondary" className="flex-fill d-inline-flex align-items-center justify-content-center gap-2" onClick={() => void copy()}>
                <Copy size={16} aria-hidden />
                {t('share.copy')}
              </Button>
              <Button as="a" href={url} target="_blank" rel="noopener" variant="outline-secondary" className="flex-fill d-inline-flex align-items-center justify-content-center gap-2" data-testid="open-pass">
                <ExternalLink size={16} aria-hidden />
                {t('share.open')}
              </Button>
            </div>
            <Button variant="link" size="sm" onClick={revoke} disabled={patch.isPending} className="d-inline-flex align-items-center justify-content-center gap-2">
              <RefreshCw size={14} aria-hidden />
              {t('share.revoke')}
            </Button>
          </div>
        </Modal.Body>
      )}
    </Modal>
  );
}
