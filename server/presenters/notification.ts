import type { Language } from '../../shared/messages';
import type { NotificationView } from '../../shared/schemas/notifications';
import { ruleFor } from '../notifications/rules';

type NotificationRow = {
  id: number;
  type: string;
  category: string;
  payload: Record<string, unknown>;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
};

/** A notification in the reader's language, from the texts of its rule (notifications/rules.ts). */
export function presentNotification(row: NotificationRow, language: Language): NotificationView {
  const text = ruleFor(row.type)?.text[language](row.payload) ?? { title: row.type, body: '' };
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    title: text.title,
    body: text.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
