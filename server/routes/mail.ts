import { apiRouter } from './router';
import { MailListQuerySchema } from '../../shared/schemas/notifications';
import { config } from '../config';
import { foldedContains } from '../db/search';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { currentUser, requireUser } from '../middleware/auth';
import { isOperator } from '../policies/operators';
import { whereOrganizationReachable } from '../policies/tenancy';
import { idParam, parse } from '../validation';

/**
 * /admin/mail: the email outbox for operators, every email of the organizations they reach.
 * Without SMTP_URL nothing is sent and this is where the emails are read.
 */
export const mailRouter = apiRouter();
mailRouter.use(requireUser, async (ctx, next) => {
  if (!(await isOperator(currentUser(ctx)))) throw forbidden();
  await next();
});

const SUMMARY = ['id', 'kind', 'category', 'language', 'toAddress', 'subject', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt'];

const reachableEmails = (ctx: Parameters<typeof currentUser>[0]) =>
  whereOrganizationReachable(db()('emailOutbox'), 'emailOutbox.organizationId', currentUser(ctx));

/** How email leaves: by SMTP, or kept here. */
mailRouter.get('/admin/mail/status', (ctx) => {
  ctx.body = { delivery: config.smtpUrl ? 'smtp' : 'outbox', from: config.mailFrom };
});

/** Newest first: `?status=&q=` (address or subject) `&limit=&offset=`, X-Total-Count. */
mailRouter.get('/admin/mail', async (ctx) => {
  const { status, q, limit, offset } = parse(MailListQuerySchema, ctx.query);
  const query = reachableEmails(ctx);
  if (status) query.where({ status });
  if (q) {
    const like = foldedContains(db(), q);
    query.where((match) => match.whereRaw('public.vecindad_fold(to_address) like ?', [like]).orWhereRaw('public.vecindad_fold(subject) like ?', [like]));
  }
  const [{ total }] = await query.clone().count({ total: '*' });
  ctx.set('X-Total-Count', String(total));
  ctx.body = await query.select(SUMMARY).orderBy('id', 'desc').offset(offset).limit(limit ?? 25);
});

const WITHHELD = 'Contenido reservado: este enlace abre la cuenta de un super-administrador.';

/**
 * One email whole: addresses, headers, the text and HTML parts. The link of an invitation or
 * reset for a super-admin opens that account: only a super-admin reads it (as with resets).
 */
mailRouter.get('/admin/mail/:id', async (ctx) => {
  const email = await reachableEmails(ctx)
    .leftJoin('users', 'users.id', 'emailOutbox.userId')
    .where('emailOutbox.id', idParam(ctx.params.id))
    .first('emailOutbox.*', 'users.isSuperAdmin as forSuperAdmin');
  if (!email) throw notFound();
  const { forSuperAdmin, ...shown } = email;
  const withheld = Boolean(forSuperAdmin) && shown.kind !== 'notification' && !currentUser(ctx).isSuperAdmin;
  ctx.body = withheld ? { ...shown, textBody: WITHHELD, htmlBody: `<p>${WITHHELD}</p>` } : shown;
});
