import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { EmailKind, EmailStatus } from '@shared/enums';

export const MAIL_PAGE_SIZE = 25;

export type MailSummary = {
  id: number;
  kind: EmailKind;
  category: string;
  language: string;
  toAddress: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};
export type MailDetail = MailSummary & { fromAddress: string; replyTo: string | null; textBody: string; htmlBody: string; headers: Record<string, string> };
export type MailFilters = { q: string; status: EmailStatus | null; page: number };

const mailKey = () => ['admin-mail'] as const;

/** GET /api/admin/mail: one page of the outbox, newest first. */
export const useMail = (filters: MailFilters) =>
  useQuery({
    queryKey: [...mailKey(), 'list', filters],
    queryFn: () =>
      api.page<MailSummary>(
        withQuery('/api/admin/mail', { q: filters.q.trim(), status: filters.status, limit: MAIL_PAGE_SIZE, offset: (filters.page - 1) * MAIL_PAGE_SIZE }),
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/mail/:id: one email whole. */
export const useMailDetail = (id: number | null) =>
  useQuery({ queryKey: [...mailKey(), 'detail', id], queryFn: () => api.get<MailDetail>(`/api/admin/mail/${id}`), enabled: id !== null });

/** GET /api/admin/mail/status (operators): how email leaves (SMTP or kept in the outbox). */
export const useMailStatus = () =>
  useQuery({ queryKey: [...mailKey(), 'status'], queryFn: () => api.get<{ delivery: 'smtp' | 'outbox'; from: string }>('/api/admin/mail/status') });
