import { param } from '@client/hooks/use-list-filters';
import { EMAIL_STATUSES } from '@shared/enums';

// Apart from get-mail.ts: the sidebar's mail status (every signed-in page) does without zod.
/** The outbox's filters as the URL keeps them (useListFilters). */
export const MAIL_FILTERS = { q: param.text, status: param.oneOf(EMAIL_STATUSES) };
