import type { NotificationRule } from './rules';

/**
 * Onboarding's inbox (docs/modules/onboarding.md): an export is told to the administrator who
 * asked for it, in the inbox only, linking to "Exportar todo" (system settings) where the zip
 * downloads while it is kept.
 */
const toRequester: NotificationRule['recipients'] = (event, trx) =>
  event.audience === 'user' ? trx('users').select('id').where({ id: event.userId }) : trx('users').select('id').where({ organizationId: event.organizationId, role: 'Administrador' });

export const ONBOARDING_RULES: Record<'export.ready' | 'export.failed', NotificationRule> = {
  'export.ready': {
    recipients: toRequester,
    category: () => 'account',
    email: () => 'never',
    link: (event) => `/admin/system-settings?exportId=${event.subjectId}`,
    text: {
      es: (p) => ({ title: 'Su exportación está lista', body: `Descargue ${p.fileName} en las próximas 24 horas.` }),
      en: (p) => ({ title: 'Your export is ready', body: `Download ${p.fileName} within the next 24 hours.` }),
    },
  },
  'export.failed': {
    recipients: toRequester,
    category: () => 'account',
    email: () => 'never',
    link: (event) => `/admin/system-settings?exportId=${event.subjectId}`,
    text: {
      es: () => ({ title: 'La exportación no se pudo preparar', body: 'Inténtelo de nuevo desde Exportar todo.' }),
      en: () => ({ title: 'The export could not be built', body: 'Try again from Export everything.' }),
    },
  },
};
