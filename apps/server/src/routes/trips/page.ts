import { escapeHtml } from '../../mail/layout.js';

/**
 * The server-rendered pages of the trip plan (the trip page, the contact's confirmation): plain
 * HTML without scripts, so they work in any mail client's browser and without signing in. Every
 * value passes through escapeHtml.
 */
export function htmlPage(title: string, body: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">` +
    `<title>${escapeHtml(title)} · TrailBuddy</title>` +
    `<style>body{margin:0;background:#f3f5f4;font-family:system-ui,sans-serif;color:#1f2933}` +
    `main{max-width:560px;margin:24px auto;background:#fff;border-radius:8px;padding:24px 32px}` +
    `h1{font-size:22px;color:#2f6f4e}dt{color:#52606d;font-size:14px}dd{margin:0 0 12px}` +
    `button{background:#2f6f4e;color:#fff;border:0;border-radius:6px;padding:12px 24px;font-size:16px;cursor:pointer}` +
    `img{border-radius:36px}</style></head>` +
    `<body><main><p><strong>TrailBuddy</strong></p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

export const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

export function definitionList(rows: [label: string, value: string, href?: string][]): string {
  const items = rows
    .filter(([, value]) => value !== '')
    .map(
      ([label, value, href]) =>
        `<dt>${escapeHtml(label)}</dt><dd>${href ? `<a href="${escapeHtml(href)}" rel="noreferrer noopener">${escapeHtml(value)}</a>` : escapeHtml(value)}</dd>`,
    )
    .join('');
  return `<dl>${items}</dl>`;
}

/** Secrets in the URL: never cached, never sent on as a referrer, never indexed. */
export const PRIVATE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
} as const;
