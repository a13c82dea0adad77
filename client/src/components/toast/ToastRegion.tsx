import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, useCurrentToast } from './toast';

const VARIANT_CLASS = {
  default: 'bg-body text-body',
  success: 'bg-body text-body border-success border-start border-4',
  destructive: 'text-bg-danger',
} as const;

/**
 * The notice region: 5000 ms per notice, swipe right (50 px) to dismiss, F8 focuses it,
 * 420 px wide at most from md up (see app.css).
 */
export default function ToastRegion() {
  const { t } = useTranslation();
  const current = useCurrentToast();
  const variant = current?.variant ?? 'default';
  const Icon = variant === 'destructive' ? CircleAlert : variant === 'success' ? CircleCheck : null;
  const viewport = useRef<HTMLOListElement>(null);
  useToastHeight(viewport);

  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('toast.label')}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => !open && dismissToast()}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast show vec-toast shadow ${VARIANT_CLASS[variant]}`}
          data-variant={variant}
        >
          <div className="d-flex align-items-start gap-2 p-3">
            {Icon && <Icon size={20} aria-hidden className={variant === 'success' ? 'text-success flex-shrink-0' : 'flex-shrink-0'} />}
            <div className="flex-grow-1 min-w-0">
              <ToastPrimitive.Title className="fw-semibold">{current.title}</ToastPrimitive.Title>
              {current.description && (
                <ToastPrimitive.Description className="small mt-1 text-break">{current.description}</ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close className="btn btn-sm p-0 border-0 text-reset opacity-75" aria-label={t('actions.close')}>
              <X size={18} aria-hidden />
            </ToastPrimitive.Close>
          </div>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport ref={viewport} className="vec-toast-viewport" label={t('toast.region')} />
    </ToastPrimitive.Provider>
  );
}

/**
 * The notices' height as `--vec-toast-height` on the page: an open dialog moves down by it
 * while a notice shows at the top (app.css), so a notice never covers the dialog's buttons.
 */
function useToastHeight(viewport: RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = element.querySelector('.vec-toast') ? element.getBoundingClientRect().height : 0;
      root.style.setProperty('--vec-toast-height', `${Math.round(height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--vec-toast-height');
    };
  }, [viewport]);
}
