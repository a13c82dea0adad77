import type { Context, Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { badRequest, payloadTooLarge } from '../errors';
import { messageText } from '../../shared/messages';

type BodyRule = { method: string; path: RegExp; limit: string; tooLarge?: string };

// The few routes that take files as base64 get larger bodies; everything else 1 MB.
// A 10 MB document is about 13.4 MB in base64.
const LARGE_BODIES: BodyRule[] = [
  { method: 'POST', path: /^\/api\/documents$/, limit: '15mb', tooLarge: messageText('document_too_large') },
  { method: 'PUT', path: /^\/api\/user\/avatar$/, limit: '2mb', tooLarge: messageText('avatar_too_large') },
  { method: 'PUT', path: /^\/api\/settings\/logo$/, limit: '2mb', tooLarge: messageText('logo_too_large') },
  { method: 'PUT', path: /^\/api\/properties\/\d+\/image$/, limit: '8mb' },
  { method: 'POST', path: /^\/api\/maintenance\/\d+\/photos$/, limit: '15mb', tooLarge: messageText('maintenance_photo_too_large') },
  { method: 'POST', path: /^\/api\/imports$/, limit: '15mb', tooLarge: messageText('import_file_too_large') },
  { method: 'POST', path: /^\/api\/payments\/report$/, limit: '15mb', tooLarge: messageText('billing_proof_too_large') },
  // A bank statement (MAX_STATEMENT_BYTES, 2 MB) in base64, with room for its JSON.
  { method: 'POST', path: /^\/api\/bank-accounts\/\d+\/statements$/, limit: '3mb', tooLarge: messageText('finances_statement_too_large') },
  // An expense with its invoice's files (up to 5 of 10 MB), or one file added later.
  { method: 'POST', path: /^\/api\/expenses$/, limit: '70mb', tooLarge: messageText('finances_attachment_too_large') },
  { method: 'POST', path: /^\/api\/expenses\/\d+\/attachments$/, limit: '15mb', tooLarge: messageText('finances_attachment_too_large') },
];

// DELETE too: DELETE /api/user carries the password that confirms it.
const parser = (limit: string) =>
  koaBody({
    json: true,
    jsonLimit: limit,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonStrict: true,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });

const defaultParser = parser('1mb');
const largeParsers = new Map(LARGE_BODIES.map((rule) => [rule, parser(rule.limit)]));

export async function jsonBody(ctx: Context, next: Next) {
  if (!ctx.request.length && !ctx.get('Transfer-Encoding')) return next(); // nothing to parse
  const rule = LARGE_BODIES.find((r) => r.method === ctx.method && r.path.test(ctx.path));
  try {
    await (rule ? largeParsers.get(rule)! : defaultParser)(ctx, async () => {});
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw rule?.tooLarge ? payloadTooLarge(rule.tooLarge) : payloadTooLarge();
    // The client hung up before its body was read (the parser calls that a 500): no one to
    // answer, and not the server's error.
    if ((error as { type?: string }).type === 'stream.not.readable' && ctx.req.socket.destroyed) {
      throw badRequest(messageText('request_aborted'), 'request_aborted');
    }
    throw error;
  }
  await next();
}
