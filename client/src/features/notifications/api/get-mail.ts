import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError, withQuery } from '@client/lib/api';
import { EMAIL_STATUSES, type EmailKind, type EmailStatus } from '@shared/enums';

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
/** The outbox's filters as the URL keeps them (useListFilters). */
export const MAIL_FILTERS = { q: z.string().catch(''), status: z.enum(EMAIL_STATUSES).nullable().catch(null) };
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

/**
 * GET /api/admin/mail/status: how email leaves (SMTP or kept in the outbox); null for anyone
 * who is not an operator (403), which also decides whether the menu shows the page.
 */
export const useMailStatus = (enabled: boolean) =>
  useQuery({
    queryKey: [...mailKey(), 'status'],
    enabled,
    staleTime: Infinity,
    queryFn: async () => {
      try {
        return await api.get<{ delivery: 'smtp' | 'outbox'; from: string }>('/api/admin/mail/status');
      } catch (error) {
        if (isApiError(error, 403)) return null;
        throw error;
      }
    },
  });
