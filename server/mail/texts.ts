import type { NotificationCategory } from '../../shared/enums';
import type { Language } from '../../shared/messages';

/** The words of every email, in Spanish and English (the notification texts are in notifications/rules.ts). */
export const MAIL_TEXTS = {
  es: {
    greeting: (name: string) => `Hola, ${name}:`,
    open: (appName: string) => `Abrir en ${appName}`,
    ignore: 'Si no esperaba este correo, puede ignorarlo.',
    contact: (company: string, email: string, phone: string) => `${company} · ${email} · ${phone}`,
    why: (category: string, appName: string) =>
      `Recibe este correo porque tiene activados los avisos por correo de «${category}» en ${appName}.`,
    always: 'Los avisos de emergencia se envían siempre por correo.',
    unsubscribe: (category: string) => `Dejar de recibir correos de «${category}»`,
    preferences: 'Cambiar mis preferencias',
    invitation: {
      subject: (appName: string) => `Le invitamos a ${appName}`,
      body: (company: string, appName: string) =>
        `${company} le ha creado una cuenta en ${appName}, donde verá los avisos de su edificio, sus documentos y mucho más.\n\nElija su contraseña con el botón de abajo. El enlace sirve una sola vez y vence en 7 días.`,
      action: 'Elegir mi contraseña',
    },
    reset: {
      subject: (appName: string) => `Restablecer su contraseña de ${appName}`,
      body: 'Recibimos una solicitud para restablecer su contraseña. Elija una nueva con el botón de abajo. El enlace sirve una sola vez y vence en 1 hora; al usarlo se cerrarán las demás sesiones abiertas de su cuenta.',
      action: 'Elegir una nueva contraseña',
    },
    categories: {
      messages: 'Mensajes y avisos de la administración',
      maintenance: 'Mantenimiento',
      payment: 'Pagos',
      visitor: 'Visitantes',
      marketing: 'Eventos y novedades',
      account: 'Cuenta',
    } satisfies Record<NotificationCategory, string>,
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    open: (appName: string) => `Open in ${appName}`,
    ignore: 'If you were not expecting this email, you can ignore it.',
    contact: (company: string, email: string, phone: string) => `${company} · ${email} · ${phone}`,
    why: (category: string, appName: string) => `You receive this email because “${category}” emails are on in ${appName}.`,
    always: 'Emergency notices are always sent by email.',
    unsubscribe: (category: string) => `Stop “${category}” emails`,
    preferences: 'Change my preferences',
    invitation: {
      subject: (appName: string) => `You are invited to ${appName}`,
      body: (company: string, appName: string) =>
        `${company} has created an account for you in ${appName}, where you will see your building's notices, your documents and more.\n\nChoose your password with the button below. The link works once and expires in 7 days.`,
      action: 'Choose my password',
    },
    reset: {
      subject: (appName: string) => `Reset your ${appName} password`,
      body: 'We received a request to reset your password. Choose a new one with the button below. The link works once and expires in 1 hour; using it signs your account out everywhere else.',
      action: 'Choose a new password',
    },
    categories: {
      messages: 'Messages and notices from the administration',
      maintenance: 'Maintenance',
      payment: 'Payments',
      visitor: 'Visitors',
      marketing: 'Events and news',
      account: 'Account',
    } satisfies Record<NotificationCategory, string>,
  },
} satisfies Record<Language, unknown>;

export type MailTexts = (typeof MAIL_TEXTS)['es'];
