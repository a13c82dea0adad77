import { useTranslation } from 'react-i18next';

/** A spinner announced to screen readers; `fullPage` centres it in the window. (Bootstrap's markup: it is in the first download.) */
export function Loading({ fullPage = false, label }: { fullPage?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={`d-flex justify-content-center align-items-center ${fullPage ? 'vh-100' : 'py-5'}`}
      role="status"
      aria-live="polite"
    >
      <span className="spinner-border text-primary" aria-hidden />
      <span className="visually-hidden">{label ?? t('status.loading')}</span>
    </div>
  );
}
