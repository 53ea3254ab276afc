/**
 * The shared look of TrailBuddy mail: one centred card with the name on top. Styles are
 * inline and the structure is tables because most mail clients drop <style> and flexbox.
 * Every value that came from a user passes through `escapeHtml` before it reaches markup.
 */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on notification mails; one-line values. */
  headers?: Record<string, string>;
}

const BRAND = 'TrailBuddy';
const GREEN = '#2f6f4e';
const INK = '#1f2933';
const MUTED = '#52606d';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Header values must stay on one line: a newline in a name must not start a new header. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A block of content: HTML paragraphs and the same words for the text part. */
export interface Block {
  html: string;
  text: string;
}

export function paragraph(text: string): Block {
  return {
    html: `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};">${escapeHtml(text)}</p>`,
    text,
  };
}

export function button(href: string, label: string): Block {
  const safeHref = escapeHtml(href);
  return {
    html:
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>` +
      `<td style="border-radius:6px;background:${GREEN};">` +
      `<a href="${safeHref}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};">If the button does not work, copy this address into your browser:<br>` +
      `<a href="${safeHref}" style="color:${GREEN};word-break:break-all;">${safeHref}</a></p>`,
    text: `${label}: ${href}`,
  };
}

/** A short line with a plain link, e.g. the preferences under a notification mail. */
export function smallLink(text: string, href: string, label: string): Block {
  const safeHref = escapeHtml(href);
  return {
    html:
      `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(text)} ` +
      `<a href="${safeHref}" style="color:${GREEN};">${escapeHtml(label)}</a></p>`,
    text: `${text} ${label}: ${href}`,
  };
}

/** Label/value rows, e.g. the details of a confirmed match. Empty values are left out. */
export function details(rows: [label: string, value: string][]): Block {
  const present = rows.filter(([, value]) => value.trim() !== '');
  const cells = present
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 16px 6px 0;font-size:14px;color:${MUTED};vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;font-size:14px;color:${INK};">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border-collapse:collapse;">${cells}</table>`,
    text: present.map(([label, value]) => `${label}: ${value}`).join('\n'),
  };
}

/** Wraps blocks in the card and builds the text part with the same content, in order. */
export function layout(subject: string, blocks: Block[]): RenderedMail {
  const title = escapeHtml(oneLine(subject));
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f5f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f4;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">` +
    `<tr><td style="padding:20px 32px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:700;color:${GREEN};">${BRAND}</td></tr>` +
    `<tr><td style="padding:28px 32px 12px;">${blocks.map((b) => b.html).join('')}</td></tr>` +
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e4e7eb;font-size:12px;line-height:18px;color:${MUTED};">` +
    `${BRAND} pairs people for weekend hiking, running and biking.</td></tr>` +
    `</table></td></tr></table></body></html>`;
  const text = [
    BRAND,
    '',
    ...blocks.map((b) => b.text).flatMap((t) => [t, '']),
    '--',
    `${BRAND} pairs people for weekend hiking, running and biking.`,
  ].join('\n');
  return { subject: oneLine(subject), html, text };
}
