import { passUrl, whatsappLink } from '@shared/schemas/visitors';

/** The pass page's address on this site. */
export const passAddress = (token: string) => passUrl(window.location.origin, token);

/** "Compartir por WhatsApp": wa.me with a message holding the pass's address. */
export const whatsappShare = (message: string) => whatsappLink(message);

/** Weekdays (ISO numbers) as short names in order ("Lun, Mar, Mié"). */
export const weekdayNames = (weekdays: number[] | null, t: (key: string) => string) => (weekdays ?? []).map((day) => t(`weekdays.${day}`)).join(', ');
