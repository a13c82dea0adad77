import { useTranslation } from 'react-i18next';
import { updateApp, usePwaState } from '@client/lib/pwa';

/**
 * "Sin conexión" while the browser is offline, and "Actualizar" when a new version waits.
 * Part of every page's first load (the sign-in page's too): Bootstrap's markup without
 * react-bootstrap, which would bring its Button, @restart/ui and classnames into that load.
 */
export function AppStatus() {
  const { t } = useTranslation();
  const { offline, updateReady } = usePwaState();
  if (!offline && !updateReady) return null;
  return (
    <div className="position-fixed bottom-0 start-50 translate-middle-x mb-3 d-flex flex-column gap-2" style={{ zIndex: 1090 }}>
      {offline && (
        <div role="status" className="alert alert-warning py-2 px-3 mb-0 shadow-sm" data-testid="offline-notice">
          {t('appStatus.offline')}
        </div>
      )}
      {updateReady && (
        <div role="status" className="alert alert-info py-2 px-3 mb-0 shadow-sm d-flex align-items-center gap-3">
          <span>{t('appStatus.updateReady')}</span>
          <button type="button" className="btn btn-primary btn-sm" onClick={updateApp}>
            {t('appStatus.update')}
          </button>
        </div>
      )}
    </div>
  );
}
