import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { serviceWorkerReady } from '@client/lib/pwa';
import type { PushDevice } from '@shared/schemas/push';

const devicesKey = ['push', 'devices'] as const;

export const usePushDevices = () => useQuery({ queryKey: devicesKey, queryFn: () => api.get<PushDevice[]>('/api/push/subscriptions') });

/** Why this device cannot receive pushes, if it cannot: no support, or the user said no. */
export type PushBlock = 'unsupported' | 'denied' | null;
export function pushBlock(): PushBlock {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : null;
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
};

/** The endpoint of this browser's subscription, if it has one (to mark "este dispositivo"). */
export async function currentEndpoint(): Promise<string | null> {
  if (pushBlock() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}

/** "Activar en este dispositivo": asks the browser's permission, subscribes and tells the server. */
export function useEnablePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (pushBlock() === 'unsupported') throw new PushRefused('unsupported');
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new PushRefused('denied');
      const registration = await serviceWorkerReady();
      if (!registration) throw new PushRefused('unsupported');
      const { publicKey } = await api.get<{ publicKey: string }>('/api/push/public-key');
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      return api.post<PushDevice>('/api/push/subscriptions', { ...subscription.toJSON(), userAgent: navigator.userAgent });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}

export class PushRefused extends Error {
  constructor(readonly reason: Exclude<PushBlock, null>) {
    super(reason);
  }
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice & { current?: boolean }) => {
      await api.delete(`/api/push/subscriptions/${device.id}`);
      // This browser's own subscription ends with it.
      if (device.current) {
        const registration = await navigator.serviceWorker.getRegistration();
        await (await registration?.pushManager.getSubscription())?.unsubscribe();
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }),
  });
}

export const useTestPush = () => useMutation({ mutationFn: () => api.post<{ devices: number }>('/api/push/test') });
