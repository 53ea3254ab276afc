import { html, joinHtml, type Html, type HtmlValue } from '../../html.js';

/**
 * The server-rendered pages of the trip plan (the trip page, the contact's confirmation): plain
 * HTML without scripts, so they work in any mail client's browser and without signing in. Written
 * with the `html` template, so every value reaches the page as text.
 */
export function htmlPage(title: string, body: HtmlValue): string {
  return joinHtml([
    html`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">`,
    html`<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">`,
    html`<title>${title} · TrailBuddy</title>`,
    html`<style>body{margin:0;background:#f3f5f4;font-family:system-ui,sans-serif;color:#1f2933}`,
    html`main{max-width:560px;margin:24px auto;background:#fff;border-radius:8px;padding:24px 32px}`,
    html`h1{font-size:22px;color:#2f6f4e}dt{color:#52606d;font-size:14px}dd{margin:0 0 12px}`,
    html`button{background:#2f6f4e;color:#fff;border:0;border-radius:6px;padding:12px 24px;font-size:16px;cursor:pointer}`,
    html`img{border-radius:36px}</style></head>`,
    html`<body><main><p><strong>TrailBuddy</strong></p><h1>${title}</h1>${body}</main></body></html>`,
  ]).toString();
}

export const p = (text: string): Html => html`<p>${text}</p>`;

export function definitionList(rows: [label: string, value: string, href?: string][]): Html {
  const items = rows
    .filter(([, value]) => value !== '')
    .map(
      ([label, value, href]) =>
        html`<dt>${label}</dt><dd>${href ? html`<a href="${href}" rel="noreferrer noopener">${value}</a>` : value}</dd>`,
    );
  return html`<dl>${items}</dl>`;
}

/** Secrets in the URL: never cached, never sent on as a referrer, never indexed. */
export const PRIVATE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
} as const;
