import { z } from 'zod';
import { EMAIL_STATUSES } from '@shared/enums';

// Apart from get-mail.ts: the sidebar's mail status (every signed-in page) does without zod.
/** The outbox's filters as the URL keeps them (useListFilters). */
export const MAIL_FILTERS = { q: z.string().catch(''), status: z.enum(EMAIL_STATUSES).nullable().catch(null) };
