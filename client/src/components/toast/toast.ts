import { useSyncExternalStore } from 'react';

/**
 * Notices (spec section 9): one at a time, a new one replaces the current one. `toast()` may be
 * called from anywhere (components, mutation callbacks); <Toaster /> shows it.
 */
export type ToastVariant = 'default' | 'success' | 'destructive';
export type ToastOptions = { title: string; description?: string; variant?: ToastVariant };
export type ToastState = ToastOptions & { id: number; open: boolean };

let current: ToastState | null = null;
let nextId = 0;
const listeners = new Set<() => void>();

function publish(state: ToastState | null) {
  current = state;
  listeners.forEach((listener) => listener());
}

export function toast(options: ToastOptions) {
  publish({ ...options, id: ++nextId, open: true });
}

export function dismissToast() {
  if (current?.open) publish({ ...current, open: false });
}

/** Closes the notice of a failure (after a later attempt succeeded); others stay their time. */
export function dismissFailureToast() {
  if (current?.variant === 'destructive') dismissToast();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The notice on screen (for <Toaster />). */
export const useCurrentToast = () => useSyncExternalStore(subscribe, () => current);

/** `const { toast } = useToast(); toast({ title, description, variant: 'destructive' })`. */
export const useToast = () => ({ toast, dismiss: dismissToast });
