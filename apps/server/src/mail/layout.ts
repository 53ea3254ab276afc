/**
 * The shared look of TrailBuddy mail: one centred card with the name on top. Styles are
 * inline and the structure is tables because most mail clients drop <style> and flexbox.
 * Markup is written with the `html` template (html.ts), so every value reaches it as text.
 */
import { html, joinHtml, type Html } from '../html.js';

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

/** Header values must stay on one line: a newline in a name must not start a new header. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A block of content: HTML paragraphs and the same words for the text part. */
export interface Block {
  html: Html;
  text: string;
}

export function paragraph(text: string): Block {
  return {
    html: html`<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK};">${text}</p>`,
    text,
  };
}

export function button(href: string, label: string): Block {
  return {
    html: joinHtml([
      html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>`,
      html`<td style="border-radius:6px;background:${GREEN};">`,
      html`<a href="${href}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;">${label}</a>`,
      html`</td></tr></table>`,
      html`<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};">If the button does not work, copy this address into your browser:<br>`,
      html`<a href="${href}" style="color:${GREEN};word-break:break-all;">${href}</a></p>`,
    ]),
    text: `${label}: ${href}`,
  };
}

/** A short line with a plain link, e.g. the preferences under a notification mail. */
export function smallLink(text: string, href: string, label: string): Block {
  return {
    html: joinHtml([
      html`<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:${MUTED};">${text} `,
      html`<a href="${href}" style="color:${GREEN};">${label}</a></p>`,
    ]),
    text: `${text} ${label}: ${href}`,
  };
}

/** Label/value rows, e.g. the details of a confirmed match. Empty values are left out. */
export function details(rows: [label: string, value: string][]): Block {
  const present = rows.filter(([, value]) => value.trim() !== '');
  const cells = present.map(([label, value]) =>
    joinHtml([
      html`<tr><td style="padding:6px 16px 6px 0;font-size:14px;color:${MUTED};vertical-align:top;white-space:nowrap;">${label}</td>`,
      html`<td style="padding:6px 0;font-size:14px;color:${INK};">${value}</td></tr>`,
    ]),
  );
  return {
    html: html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border-collapse:collapse;">${cells}</table>`,
    text: present.map(([label, value]) => `${label}: ${value}`).join('\n'),
  };
}

/** Wraps blocks in the card and builds the text part with the same content, in order. */
export function layout(subject: string, blocks: Block[]): RenderedMail {
  const markup = joinHtml([
    html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">`,
    html`<meta name="viewport" content="width=device-width,initial-scale=1"><title>${oneLine(subject)}</title></head>`,
    html`<body style="margin:0;padding:0;background:#f3f5f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">`,
    html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f4;"><tr><td align="center" style="padding:24px 12px;">`,
    html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">`,
    html`<tr><td style="padding:20px 32px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:700;color:${GREEN};">${BRAND}</td></tr>`,
    html`<tr><td style="padding:28px 32px 12px;">${blocks.map((b) => b.html)}</td></tr>`,
    html`<tr><td style="padding:16px 32px 24px;border-top:1px solid #e4e7eb;font-size:12px;line-height:18px;color:${MUTED};">`,
    html`${BRAND} pairs people for weekend hiking, running and biking.</td></tr>`,
    html`</table></td></tr></table></body></html>`,
  ]);
  const text = [
    BRAND,
    '',
    ...blocks.map((b) => b.text).flatMap((t) => [t, '']),
    '--',
    `${BRAND} pairs people for weekend hiking, running and biking.`,
  ].join('\n');
  return { subject: oneLine(subject), html: markup.toString(), text };
}
