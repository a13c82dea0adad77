import { CameraOff } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { passKeyFromScan } from '@shared/schemas/visitors';

type ScanState = 'starting' | 'scanning' | 'noCamera' | 'denied' | 'failed';
type Scanner = { pause: (stopStreamImmediately: boolean) => Promise<boolean>; destroy: () => void };

/**
 * Why the camera could not start. qr-scanner reports every refused camera as "Camera not found."
 * (it tries several resolutions and drops the browser's error), so with a camera present the
 * permission's state tells a refusal (or a dismissed prompt) from a camera in use elsewhere.
 */
async function cameraProblem(error: unknown): Promise<ScanState> {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  if (!String(error).includes('Camera not found')) return 'failed';
  const permission = await navigator.permissions?.query({ name: 'camera' as PermissionName }).catch(() => undefined);
  return permission?.state === 'granted' ? 'failed' : 'denied';
}

/**
 * "Escanear código QR" at the desk: a live camera preview; the first QR that is a Vecindad pass
 * (its code, or its link) is handed to `onScan`, which runs the same lookup as the typed code.
 * The scanning library (qr-scanner) is loaded only when the dialog opens, and the camera is
 * stopped whenever the dialog closes. Without a camera, or without permission, the dialog says
 * so and the typed code stays the way in.
 */
export function ScanDialog({ show, onClose, onExited, onScan }: { show: boolean; onClose: () => void; onExited?: () => void; onScan: (key: string) => void }) {
  const { t } = useTranslation('visitors');
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} restoreFocus={!onExited} fullscreen="sm-down" size="lg" aria-labelledby="desk-scan-title" data-testid="desk-scan">
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id="desk-scan-title" as="h2" className="h5">
          {t('desk.scan.title')}
        </Modal.Title>
      </Modal.Header>
      <ScanBody active={show} onClose={onClose} onScan={onScan} />
    </Modal>
  );
}

/** Mounted each time the dialog opens; the camera runs while `active` (it stops as the dialog starts closing). */
function ScanBody({ active, onClose, onScan }: { active: boolean; onClose: () => void; onScan: (key: string) => void }) {
  const { t } = useTranslation('visitors');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>('starting');
  const [notAPass, setNotAPass] = useState(false);
  const found = useEffectEvent((key: string) => onScan(key));

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let scanner: Scanner | null = null;
    const start = async () => {
      // Browsers give the camera only to secure pages (https or localhost).
      if (!navigator.mediaDevices?.getUserMedia) return setState('noCamera');
      const { default: QrScanner } = await import('qr-scanner');
      if (cancelled) return;
      if (!(await QrScanner.hasCamera())) return cancelled || setState('noCamera');
      if (cancelled || !video.current) return;
      const instance = new QrScanner(
        video.current,
        (result) => {
          const key = passKeyFromScan(result.data);
          if (!key) return setNotAPass(true);
          instance.stop();
          found(key);
        },
        { returnDetailedScanResult: true, preferredCamera: 'environment', highlightScanRegion: true, maxScansPerSecond: 10 },
      );
      scanner = instance;
      await instance.start();
      if (!cancelled) setState('scanning');
    };
    start().catch(async (error: unknown) => {
      const problem = await cameraProblem(error);
      if (!cancelled) setState(problem);
    });
    return () => {
      cancelled = true;
      // The camera's light goes off at once, not after qr-scanner's usual grace period.
      void scanner?.pause(true);
      scanner?.destroy();
    };
  }, [active]);

  const problem = state === 'noCamera' || state === 'denied' || state === 'failed';
  return (
    <>
      <Modal.Body>
        {problem ? (
          <Alert variant={state === 'failed' ? 'danger' : 'warning'} className="d-flex gap-3 align-items-start mb-0" role="alert" data-testid="desk-scan-problem">
            <CameraOff size={28} aria-hidden className="flex-shrink-0" />
            <div>
              <p className="fw-semibold mb-1">{t(`desk.scan.${state}`)}</p>
              <p className="mb-0">{t('desk.scan.typeInstead')}</p>
            </div>
          </Alert>
        ) : (
          <>
            <p className="text-body-secondary" id="desk-scan-help">
              {t('desk.scan.help')}
            </p>
            <div className="vec-scan-preview">
              <video ref={video} muted playsInline aria-label={t('desk.scan.preview')} aria-describedby="desk-scan-help" />
              {state === 'starting' && (
                <div className="vec-scan-starting">
                  <Spinner animation="border" variant="light" aria-hidden />
                </div>
              )}
            </div>
            <div role="status" aria-live="polite" className="mt-2 small" data-testid="desk-scan-status">
              {state === 'starting' ? t('desk.scan.starting') : notAPass ? t('desk.scan.notAPass') : t('desk.scan.scanning')}
            </div>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant={problem ? 'primary' : 'outline-secondary'} onClick={onClose}>
          {problem ? t('desk.scan.typeCode') : t('desk.scan.cancel')}
        </Button>
      </Modal.Footer>
    </>
  );
}
