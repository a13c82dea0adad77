import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its form, zod, react-hook-form, pickers) downloads the first time it
 * opens, not with the page: a list page paints without any of its forms' code. Once opened it
 * stays mounted, so that it animates out and opens again at once.
 *
 *   const NewRequestDialog = lazyDialog(() => import('./NewRequestDialog').then((m) => m.NewRequestDialog), (p) => p.show);
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  }
  return LazyDialog;
}
