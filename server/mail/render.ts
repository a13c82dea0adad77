import type { Language } from '../../shared/messages';
import type { Branding } from '../../shared/schemas/settings';
import { MAIL_TEXTS } from './texts';
import { publicOrigin } from '../config';

export type Link = { label: string; url: string };

/** What an email says; the layout adds the organization's branding and the footer. */
export type EmailContent = {
  language: Language;
  branding: Branding;
  recipientName: string;
  subject: string;
  /** Paragraphs separated by blank lines; single line breaks are kept. */
  body: string;
  action?: Link;
  /** Why the email was sent (notifications), or a note (account emails). */
  notes?: string[];
  /** Footer links: the category's unsubscribe link, the preferences. */
  links?: Link[];
};

export type RenderedEmail = { subject: string; html: string; text: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);

/** A colour safe to put in a style attribute (#RRGGBB, as the settings store them). */
const colour = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

/**
 * An email in the organization's colours and names: a plain-text part that says everything
 * the HTML part says (links written out), and HTML with inline styles in one centred column,
 * as email clients need. Every text is escaped.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const texts = MAIL_TEXTS[content.language];
  const { branding } = content;
  const contact = texts.contact(branding.companyName, branding.contactEmail, branding.contactPhone);
  const notes = content.notes ?? [];
  const links = content.links ?? [];

  const text = [
    branding.appName,
    '',
    texts.greeting(content.recipientName),
    '',
    ...paragraphs(content.body).flatMap((part) => [part, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    ...notes,
    ...links.map((link) => `${link.label}: ${link.url}`),
    contact,
  ].join('\n');

  const primary = colour(branding.primaryColor, '#2563eb');
  const textColour = colour(branding.textColor, '#1f2937');
  // An https:// logo as it is; an uploaded one (/api/logos/<key>) at the product's public address.
  const logoUrl = branding.logo?.startsWith('https://') ? branding.logo : branding.logo?.startsWith('/api/logos/') ? `${publicOrigin()}${branding.logo}` : null;
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="" width="32" height="32" style="vertical-align:middle;border-radius:4px;margin-right:8px">`
    : '';
  const html = `<!doctype html>
<html lang="${content.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:${textColour}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${primary};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${logo}${escapeHtml(branding.appName)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p style="margin:0 0 16px">${escapeHtml(texts.greeting(content.recipientName))}</p>
${paragraphs(content.body)
  .map((part) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(part)}</p>`)
  .join('\n')}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${primary};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : ''
}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">
${notes.map((note) => `<p style="margin:0 0 8px">${escapeHtml(note)}</p>`).join('\n')}
${links.length ? `<p style="margin:0 0 8px">${links.map((link) => `<a href="${escapeHtml(link.url)}" style="color:${primary}">${escapeHtml(link.label)}</a>`).join(' · ')}</p>` : ''}
<p style="margin:0">${escapeHtml(contact)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  return { subject: content.subject, html, text };
}
